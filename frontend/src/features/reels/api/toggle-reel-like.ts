import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { ReelLikeState } from '../types';
import { updateCachedReel } from './cache';
import { reelKeys } from './keys';

/** POST /api/reels/{id}/like: toggles the signed-in user's like → {isLiked, likesCount}. */
export async function toggleReelLike(reelId: number): Promise<ReelLikeState> {
  const res = await apiRequest('POST', `/api/reels/${reelId}/like`);
  return (await res.json()) as ReelLikeState;
}

/** Optimistic, as a post's like: the heart and count move at once; a failure moves them back. */
export function useToggleReelLike(reelId: number) {
  const queryClient = useQueryClient();
  const flip = () =>
    updateCachedReel(queryClient, reelId, (r) => ({
      ...r,
      isLiked: !r.isLiked,
      likesCount: Math.max(0, r.likesCount + (r.isLiked ? -1 : 1)),
    }));
  return useMutation({
    mutationKey: reelKeys.like(reelId),
    mutationFn: () => toggleReelLike(reelId),
    onMutate: flip,
    onError: () => {
      flip();
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update like. Please try again.' });
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: reelKeys.like(reelId) }) > 1) return;
      updateCachedReel(queryClient, reelId, (r) => ({ ...r, ...answer }));
    },
  });
}
