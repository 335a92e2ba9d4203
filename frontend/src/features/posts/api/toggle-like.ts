import { apiRequest } from '@/lib/api-client';
import { flipLike, useOptimisticToggle } from '@/lib/optimistic-toggle';
import type { LikeResponse, Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { postKeys } from './keys';

/** POST /api/posts/{id}/like: toggles the signed-in user's like. */
export async function toggleLike(postId: number): Promise<LikeResponse> {
  const res = await apiRequest('POST', `/api/posts/${postId}/like`);
  return (await res.json()) as LikeResponse;
}

/**
 * Optimistic like (docs/decisions.md): the flag flips and the count moves by one at once in every
 * cached list; a failure flips it back and says so.
 */
export function useToggleLike(post: Pick<Post, 'id'>) {
  return useOptimisticToggle<Post, LikeResponse>({
    mutationKey: postKeys.like(post.id),
    request: () => toggleLike(post.id),
    update: (queryClient, change) => updateCachedPost(queryClient, post.id, change),
    flip: flipLike,
    failure: 'Failed to update like. Please try again.',
  });
}
