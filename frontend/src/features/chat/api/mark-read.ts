import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { updateConversation } from './cache';
import { chatKeys } from './keys';

/** POST /api/conversations/{id}/read {messageId} → 204: your read pointer there moves forward (never back). */
export async function markConversationRead(conversationId: number, messageId: number): Promise<void> {
  await apiRequest('POST', `/api/conversations/${conversationId}/read`, { messageId });
}

/**
 * Moves the read pointer of one conversation. Once the server has it, the conversation's count
 * is 0 in the list and the Messages tab's total is fetched again. A failure is quiet: the
 * count stays, and the next message seen or the next opening tries again.
 */
export function useMarkConversationRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.read(conversationId),
    mutationFn: (messageId: number) => markConversationRead(conversationId, messageId),
    onSuccess: () => {
      updateConversation(queryClient, conversationId, (c) => ({ ...c, unreadCount: 0 }));
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}
