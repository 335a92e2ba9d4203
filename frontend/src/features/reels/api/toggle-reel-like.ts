import { apiRequest } from '@/lib/api-client';
import { flipLike, useOptimisticToggle } from '@/lib/optimistic-toggle';
import type { Reel, ReelLikeState } from '../types';
import { updateCachedReel } from './cache';
import { reelKeys } from './keys';

/** POST /api/reels/{id}/like: toggles the signed-in user's like → {isLiked, likesCount}. */
export async function toggleReelLike(reelId: number): Promise<ReelLikeState> {
  const res = await apiRequest('POST', `/api/reels/${reelId}/like`);
  return (await res.json()) as ReelLikeState;
}

/** Optimistic, as a post's like: the heart and count move at once; a failure moves them back. */
export function useToggleReelLike(reelId: number) {
  return useOptimisticToggle<Reel, ReelLikeState>({
    mutationKey: reelKeys.like(reelId),
    request: () => toggleReelLike(reelId),
    update: (queryClient, change) => updateCachedReel(queryClient, reelId, change),
    flip: flipLike,
    failure: 'Failed to update like. Please try again.',
  });
}
