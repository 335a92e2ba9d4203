import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Message, Reaction } from '../types';
import { updateMessage } from './cache';
import { chatKeys } from './keys';

/** POST /api/conversations/{id}/messages/{messageId}/reactions {emoji} → the message after the toggle. */
export async function toggleReaction(conversationId: number, messageId: number, emoji: string): Promise<Message> {
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/messages/${messageId}/reactions`, { emoji });
  return (await res.json()) as Message;
}

/** The session user's reaction `emoji` added to or taken from `reactions` (a chip at 0 goes). */
export function toggledReactions(reactions: Reaction[], emoji: string): Reaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) return [...reactions, { emoji, count: 1, reactedByMe: true }];
  return reactions
    .map((r) =>
      r.emoji === emoji ? { ...r, reactedByMe: !r.reactedByMe, count: r.count + (r.reactedByMe ? -1 : 1) } : r,
    )
    .filter((r) => r.count > 0);
}

/**
 * Toggles at once in the cache; the answer brings the server's reactions. A failure is only
 * logged (docs/decisions.md) and the messages are refetched to undo the guess.
 */
export function useToggleReaction(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.react(conversationId),
    mutationFn: ({ messageId, emoji }: { messageId: number; emoji: string }) =>
      toggleReaction(conversationId, messageId, emoji),
    onMutate: ({ messageId, emoji }) =>
      updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, reactions: toggledReactions(m.reactions, emoji) })),
    onSuccess: (message) =>
      updateMessage(queryClient, conversationId, message.id, (m) => ({ ...m, reactions: message.reactions })),
    onError: (error) => {
      console.error('Failed to toggle the reaction', error);
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
    },
  });
}
