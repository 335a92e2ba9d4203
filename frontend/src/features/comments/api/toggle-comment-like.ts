import { apiRequest } from '@/lib/api-client';
import { flipLike, useOptimisticToggle } from '@/lib/optimistic-toggle';
import type { Comment, CommentLikeState } from '../types';
import { updateCachedComment } from './cache';
import { commentKeys } from './keys';

/** POST /api/comments/{id}/like: toggles the signed-in user's like. */
export async function toggleCommentLike(commentId: number): Promise<CommentLikeState> {
  const res = await apiRequest('POST', `/api/comments/${commentId}/like`);
  return (await res.json()) as CommentLikeState;
}

/** Optimistic, as a post's like: the heart and count move at once; a failure moves them back. */
export function useToggleCommentLike(commentId: number) {
  return useOptimisticToggle<Comment, CommentLikeState>({
    mutationKey: commentKeys.like(commentId),
    request: () => toggleCommentLike(commentId),
    update: (queryClient, change) => updateCachedComment(queryClient, commentId, change),
    flip: flipLike,
    failure: 'Failed to update like. Please try again.',
  });
}
