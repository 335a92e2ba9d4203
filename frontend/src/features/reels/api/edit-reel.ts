import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { EditReelRequest, Reel } from '../types';
import { updateCachedReel } from './cache';
import { reelKeys } from './keys';

/** PATCH /api/reels/{id} {caption} → 200 with the reel as edited (issue 44): its author only. */
export async function editReel(reelId: number, caption: string): Promise<Reel> {
  const body: EditReelRequest = { caption };
  const res = await apiRequest('PATCH', `/api/reels/${reelId}`, body);
  return (await res.json()) as Reel;
}

/**
 * Edits a reel's caption: once the server agrees, every cached copy (the pager, a profile's
 * REELS tab) shows the new caption and 'Edited', and its history is read again when next
 * opened. A refusal stays with the caller (the dialog shows it).
 */
export function useEditReel(reelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reelKeys.edit(reelId),
    mutationFn: (caption: string) => editReel(reelId, caption),
    onSuccess: (reel) => {
      updateCachedReel(queryClient, reelId, () => reel);
      void queryClient.invalidateQueries({ queryKey: reelKeys.history(reelId) });
    },
  });
}
