import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { removeConversation } from './cache';
import { chatKeys } from './keys';

/**
 * DELETE /api/conversations/{id}/participants/me → 204; it leaves the session user's list. In a
 * group that is leaving it (when the owner leaves, the longest-standing member becomes owner).
 */
export async function leaveConversation(conversationId: number): Promise<void> {
  await apiRequest('DELETE', `/api/conversations/${conversationId}/participants/me`);
}

export function useLeaveConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.leave(),
    mutationFn: leaveConversation,
    onSuccess: (_, conversationId) => removeConversation(queryClient, conversationId),
  });
}
