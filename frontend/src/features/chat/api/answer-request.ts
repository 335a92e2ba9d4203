import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Conversation } from '../types';
import { putConversationFirst, removeRequest } from './cache';
import { chatKeys } from './keys';

/** POST /api/conversations/{id}/accept → the conversation, in the inbox now (issue 43). */
export async function acceptRequest(conversationId: number): Promise<Conversation> {
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/accept`);
  return (await res.json()) as Conversation;
}

/** DELETE /api/conversations/{id}/request → 204: out of your list; the sender is not told. */
export async function deleteRequest(conversationId: number): Promise<void> {
  await apiRequest('DELETE', `/api/conversations/${conversationId}/request`);
}

/** Accept moves the request to the top of the inbox (and its unread into the Messages badge). */
export function useAcceptRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.answerRequest(),
    mutationFn: acceptRequest,
    onSuccess: (conversation) => {
      removeRequest(queryClient, conversation.id);
      putConversationFirst(queryClient, conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(), exact: true });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}

/** Delete takes the request and its messages out of the cache. */
export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.answerRequest(),
    mutationFn: deleteRequest,
    onSuccess: (_, conversationId) => {
      removeRequest(queryClient, conversationId);
      queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
    },
  });
}
