import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { BookmarkResponse, Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { postKeys } from './keys';

/** POST /api/posts/{id}/bookmark: toggles the signed-in user's bookmark. */
export async function toggleBookmark(postId: number): Promise<BookmarkResponse> {
  const res = await apiRequest('POST', `/api/posts/${postId}/bookmark`);
  return (await res.json()) as BookmarkResponse;
}

/**
 * Optimistic bookmark (spec 000 §4), reverted with a toast on failure. SAVED is marked stale
 * rather than refetched, so a post unsaved from SAVED stays in view until the list is reopened.
 */
export function useToggleBookmark(post: Pick<Post, 'id'>) {
  const queryClient = useQueryClient();
  const flip = () => updateCachedPost(queryClient, post.id, (p) => ({ ...p, isBookmarked: !p.isBookmarked }));
  return useMutation({
    mutationKey: postKeys.bookmark(post.id),
    mutationFn: () => toggleBookmark(post.id),
    onMutate: flip,
    onError: () => {
      flip();
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update bookmark. Please try again.' });
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: postKeys.bookmark(post.id) }) > 1) return;
      updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...answer }));
      void queryClient.invalidateQueries({ queryKey: postKeys.bookmarks(), refetchType: 'none' });
    },
  });
}
