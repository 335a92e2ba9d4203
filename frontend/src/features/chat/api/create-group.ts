import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Conversation, StartConversationRequest } from '../types';
import { putConversationFirst } from './cache';
import { chatKeys } from './keys';

/** A new group: 2–31 other people and a name of 1–60 characters (docs/groups-contract.md). */
export type NewGroup = Extract<StartConversationRequest, { participantIds: number[] }>;

/**
 * POST /api/conversations {participantIds, name} → 201 the group, the session user its owner.
 * Refused with 400 (too few people, a bad name), 404 (an unknown person) or 403 (a block).
 */
export async function createGroup(group: NewGroup): Promise<Conversation> {
  const res = await apiRequest('POST', '/api/conversations', group);
  return (await res.json()) as Conversation;
}

/** The group goes to the top of the cached list at once (the socket's `conversationUpdated` brings the same). */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.createGroup(),
    mutationFn: createGroup,
    onSuccess: (conversation) => putConversationFirst(queryClient, conversation),
  });
}
