import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Conversation, UpdateConversationRequest } from '../types';
import { upsertConversation } from './cache';
import { chatKeys } from './keys';

/**
 * PATCH /api/conversations/{id} {name?, avatar?} → the group as it now is. Any member may rename
 * it or change its picture (`avatar`: a `data:image/…` URL); each change writes a system line.
 */
export async function updateGroup(conversationId: number, change: UpdateConversationRequest): Promise<Conversation> {
  const res = await apiRequest('PATCH', `/api/conversations/${conversationId}`, change);
  return (await res.json()) as Conversation;
}

/** The answer replaces the cached group (the other members hear `conversationUpdated`). */
export function useUpdateGroup(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.updateGroup(conversationId),
    mutationFn: (change: UpdateConversationRequest) => updateGroup(conversationId, change),
    onSuccess: (conversation) => upsertConversation(queryClient, conversation),
  });
}
