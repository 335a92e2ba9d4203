import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Message } from '../types';
import { recordEdit, recordUnsent } from './cache';
import { chatKeys } from './keys';

/** How long after sending a text message its sender may edit it (the server's rule, issue 43). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** Whether `message` is the session user's text message still within the edit window at `now`. */
export function canEdit(message: Message, meId: number, now: number): boolean {
  return (
    message.sender.id === meId &&
    message.messageType === 'text' &&
    !message.unsent &&
    now - Date.parse(message.createdAt) < EDIT_WINDOW_MS
  );
}

/** PATCH /api/conversations/{id}/messages/{messageId} {content} → the message as edited. */
export async function editMessage(conversationId: number, messageId: number, content: string): Promise<Message> {
  const res = await apiRequest('PATCH', `/api/conversations/${conversationId}/messages/${messageId}`, { content });
  return (await res.json()) as Message;
}

/** DELETE /api/conversations/{id}/messages/{messageId} → 204: 'Message removed' for everyone. */
export async function unsendMessage(conversationId: number, messageId: number): Promise<void> {
  await apiRequest('DELETE', `/api/conversations/${conversationId}/messages/${messageId}`);
}

/** The answer goes into the cache (the socket's `messageEdited` brings the same to the others). */
export function useEditMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.editMessage(conversationId),
    mutationFn: ({ messageId, content }: { messageId: number; content: string }) =>
      editMessage(conversationId, messageId, content),
    onSuccess: (message) => recordEdit(queryClient, conversationId, message.id, message.content, message.editedAt ?? ''),
  });
}

export function useUnsendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.unsend(conversationId),
    mutationFn: (messageId: number) => unsendMessage(conversationId, messageId),
    onSuccess: (_, messageId) => recordUnsent(queryClient, conversationId, messageId),
  });
}
