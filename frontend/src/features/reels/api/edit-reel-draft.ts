import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ReelDraft, ReelDraftRequest } from '../types';
import { updateCachedDraft } from './draft-cache';
import { reelDraftKeys } from './keys';

/** PATCH /api/reel-drafts/{id} {caption} → 200 the draft (issue 44). */
export async function editReelDraft(draftId: number, caption: string): Promise<ReelDraft> {
  const body: ReelDraftRequest = { caption };
  const res = await apiRequest('PATCH', `/api/reel-drafts/${draftId}`, body);
  return (await res.json()) as ReelDraft;
}

/** Changes a draft's caption; the list shows the answer. A refusal stays with the caller. */
export function useEditReelDraft(draftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reelDraftKeys.edit(draftId),
    mutationFn: (caption: string) => editReelDraft(draftId, caption),
    onSuccess: (draft) => updateCachedDraft(queryClient, draftId, () => draft),
  });
}
