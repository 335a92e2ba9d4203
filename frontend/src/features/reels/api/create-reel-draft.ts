import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequestFormWithProgress } from '@/lib/api-client';
import type { ReelDraft } from '../types';
import { reelForm, type NewReel } from './create-reel';
import { reelDraftKeys } from './keys';

/** POST /api/reel-drafts (issue 44; the form of POST /api/reels) → 201 the draft; `onProgress` follows the upload. */
export function createReelDraft(reel: NewReel, onProgress: (fraction: number) => void = () => {}): Promise<ReelDraft> {
  return apiRequestFormWithProgress<ReelDraft>('POST', '/api/reel-drafts', reelForm(reel), onProgress);
}

/** Saves a reel as a draft with its upload progress; on success your drafts are read again. */
export function useCreateReelDraft() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationKey: reelDraftKeys.create(),
    mutationFn: (reel: NewReel) => {
      setProgress(0);
      return createReelDraft(reel, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reelDraftKeys.all }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
