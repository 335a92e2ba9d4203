import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestForm } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import type { Emotion, VoiceReaction } from '../types';
import { voiceReactionsPath } from './get-voice-reactions';
import { voiceReactionKeys } from './keys';

export interface VoiceReactionDraft {
  emotion: Emotion;
  clip: Blob;
  /** Whole seconds as the recorder measured them (the server measures the bytes too). */
  duration: number;
}

/** POST /api/{posts|reels}/{id}/voice-reactions as a multipart form → 201 the voice reaction. */
export async function sendVoiceReaction(kind: CommunityItemKind, id: number, draft: VoiceReactionDraft): Promise<VoiceReaction> {
  const form = new FormData();
  form.set('emotion', draft.emotion);
  form.set('duration', String(Math.min(60, Math.max(1, Math.round(draft.duration)))));
  form.set('audio', draft.clip, 'voice-reaction.webm');
  const res = await apiRequestForm('POST', voiceReactionsPath(kind, id), form);
  return (await res.json()) as VoiceReaction;
}

/** Sends a voice reaction; the item's list and counts refetch once the server has it. */
export function useSendVoiceReaction(kind: CommunityItemKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: voiceReactionKeys.send(kind, id),
    mutationFn: (draft: VoiceReactionDraft) => sendVoiceReaction(kind, id, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceReactionKeys.list(kind, id) }),
  });
}
