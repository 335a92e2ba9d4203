import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { LikeResponse, Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { postKeys } from './keys';

/** POST /api/posts/{id}/like: toggles the signed-in user's like. */
export async function toggleLike(postId: number): Promise<LikeResponse> {
  const res = await apiRequest('POST', `/api/posts/${postId}/like`);
  return (await res.json()) as LikeResponse;
}

/**
 * Optimistic like (spec 000 §4): the flag flips and the count moves by one at once in every
 * cached list; a failure flips it back and says so.
 */
export function useToggleLike(post: Pick<Post, 'id'>) {
  const queryClient = useQueryClient();
  const flip = () =>
    updateCachedPost(queryClient, post.id, (p) => ({
      ...p,
      isLiked: !p.isLiked,
      likesCount: Math.max(0, p.likesCount + (p.isLiked ? -1 : 1)),
    }));
  return useMutation({
    mutationKey: postKeys.like(post.id),
    mutationFn: () => toggleLike(post.id),
    onMutate: flip,
    onError: () => {
      flip();
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update like. Please try again.' });
    },
    onSuccess: (answer) => {
      // With several taps in flight only the last answer is the truth.
      if (queryClient.isMutating({ mutationKey: postKeys.like(post.id) }) > 1) return;
      updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...answer }));
    },
  });
}
