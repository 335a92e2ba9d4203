import { apiRequest } from '@/lib/api-client';
import { useOptimisticToggle } from '@/lib/optimistic-toggle';
import type { BookmarkResponse, Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { collectionKeys, postKeys } from './keys';

/** POST /api/posts/{id}/bookmark: toggles the signed-in user's bookmark. */
export async function toggleBookmark(postId: number): Promise<BookmarkResponse> {
  const res = await apiRequest('POST', `/api/posts/${postId}/bookmark`);
  return (await res.json()) as BookmarkResponse;
}

/**
 * Optimistic bookmark (docs/decisions.md), reverted with a toast on failure. SAVED is marked stale
 * rather than refetched, so a post unsaved from SAVED stays in view until the list is reopened.
 */
export function useToggleBookmark(post: Pick<Post, 'id'>) {
  return useOptimisticToggle<Post, BookmarkResponse>({
    mutationKey: postKeys.bookmark(post.id),
    request: () => toggleBookmark(post.id),
    update: (queryClient, change) => updateCachedPost(queryClient, post.id, change),
    flip: (p) => ({ ...p, isBookmarked: !p.isBookmarked }),
    failure: 'Failed to update bookmark. Please try again.',
    afterAnswer: (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: postKeys.bookmarks(), refetchType: 'none' });
      // Unsaved, a post leaves every collection (issue 44): their counts, covers and lists.
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.allPosts(), refetchType: 'none' });
    },
  });
}
