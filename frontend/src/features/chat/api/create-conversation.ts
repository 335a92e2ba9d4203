import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Conversation } from '../types';
import { putConversationFirst } from './cache';
import { chatKeys } from './keys';

/**
 * POST /api/conversations {otherUserId} → the one-to-one conversation: 201 when created, 200
 * when it existed (which also re-joins it after a leave).
 */
export async function createConversation(otherUserId: number): Promise<Conversation> {
  const res = await apiRequest('POST', '/api/conversations', { otherUserId });
  return (await res.json()) as Conversation;
}

/** The conversation goes to the top of the cached list at once; the list is refreshed behind it. */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.start(),
    mutationFn: createConversation,
    onSuccess: (conversation) => {
      putConversationFirst(queryClient, conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
