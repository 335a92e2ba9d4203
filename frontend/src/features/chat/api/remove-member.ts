import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { updateConversation } from './cache';
import { chatKeys } from './keys';

/**
 * DELETE /api/conversations/{id}/participants/{userId} → 204: the owner removes a member (403 for
 * anyone else). Leaving is the same call with `me` (leave-conversation.ts).
 */
export async function removeMember(conversationId: number, userId: number): Promise<void> {
  await apiRequest('DELETE', `/api/conversations/${conversationId}/participants/${userId}`);
}

/** They leave the cached group at once; the socket's `conversationUpdated` brings the server's view after. */
export function useRemoveMember(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.removeMember(conversationId),
    mutationFn: (userId: number) => removeMember(conversationId, userId),
    onSuccess: (_, userId) =>
      updateConversation(queryClient, conversationId, (c) => ({
        ...c,
        participants: c.participants.filter((p) => p.user.id !== userId),
      })),
  });
}
