import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Conversation } from '../types';
import { upsertConversation } from './cache';
import { chatKeys } from './keys';

/**
 * POST /api/conversations/{id}/participants {userIds} → the group with them in it. The owner's
 * alone (403 for anyone else); 422 past 32 members, 409 for someone already in.
 */
export async function addMembers(conversationId: number, userIds: number[]): Promise<Conversation> {
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/participants`, { userIds });
  return (await res.json()) as Conversation;
}

export function useAddMembers(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.addMembers(conversationId),
    mutationFn: (userIds: number[]) => addMembers(conversationId, userIds),
    onSuccess: (conversation) => upsertConversation(queryClient, conversation),
  });
}
