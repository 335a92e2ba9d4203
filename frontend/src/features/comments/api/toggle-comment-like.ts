import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { CommentLikeState } from '../types';
import { updateCachedComment } from './cache';
import { commentKeys } from './keys';

/** POST /api/comments/{id}/like: toggles the signed-in user's like. */
export async function toggleCommentLike(commentId: number): Promise<CommentLikeState> {
  const res = await apiRequest('POST', `/api/comments/${commentId}/like`);
  return (await res.json()) as CommentLikeState;
}

/** Optimistic, as a post's like: the heart and count move at once; a failure moves them back. */
export function useToggleCommentLike(commentId: number) {
  const queryClient = useQueryClient();
  const flip = () =>
    updateCachedComment(queryClient, commentId, (c) => ({
      ...c,
      isLiked: !c.isLiked,
      likesCount: Math.max(0, c.likesCount + (c.isLiked ? -1 : 1)),
    }));
  return useMutation({
    mutationKey: commentKeys.like(commentId),
    mutationFn: () => toggleCommentLike(commentId),
    onMutate: flip,
    onError: () => {
      flip();
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update like. Please try again.' });
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: commentKeys.like(commentId) }) > 1) return;
      updateCachedComment(queryClient, commentId, (c) => ({ ...c, ...answer }));
    },
  });
}
