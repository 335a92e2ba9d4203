import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/query-keys';
import { postKeys, type PostPages } from './keys';

/** DELETE /api/posts/{id} → 204 (issue 43): its author's, or an admin's. */
export async function deletePost(postId: number): Promise<void> {
  await apiRequest('DELETE', `/api/posts/${postId}`);
}

/**
 * Deletes a post once the server agrees: it leaves every cached list (the feed, profiles'
 * grids, SAVED, tags, trending) and its /p/{id} copy at once, and the profiles' post counts
 * refresh. `onDeleted` then runs (the post page leaves). A failure stays with the caller (the
 * confirmation shows it, to try again).
 */
export function useDeletePost(postId: number, onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.remove(postId),
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      queryClient.setQueriesData<PostPages>({ queryKey: postKeys.all }, (data) => {
        if (!data?.pages) return data;
        if (!data.pages.some((page) => page.items.some((post) => post.id === postId))) return data;
        return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== postId) })) };
      });
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      toast({ title: 'Post deleted' });
      onDeleted?.();
    },
  });
}
