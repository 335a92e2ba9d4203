import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Reel } from '../types';
import { updateCachedDraft } from './draft-cache';
import { reelDraftKeys, reelKeys } from './keys';

/** POST /api/reel-drafts/{id}/publish → 201 the reel, posted now (issue 44); the draft is gone. */
export async function publishReelDraft(draftId: number): Promise<Reel> {
  const res = await apiRequest('POST', `/api/reel-drafts/${draftId}/publish`);
  return (await res.json()) as Reel;
}

/** Publishes a draft: it leaves the drafts and every reel list is read again. A refusal stays with the caller. */
export function usePublishReelDraft(draftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reelDraftKeys.publish(draftId),
    mutationFn: () => publishReelDraft(draftId),
    onSuccess: () => {
      updateCachedDraft(queryClient, draftId, () => null);
      void queryClient.invalidateQueries({ queryKey: reelKeys.all });
    },
  });
}
