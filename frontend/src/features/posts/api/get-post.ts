import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { findCachedPost } from './cache';
import { postKeys } from './keys';

/** GET /api/posts/{id}: one post (404 'Post not found'). */
export async function getPost(postId: number): Promise<Post> {
  const res = await apiRequest('GET', `/api/posts/${postId}`);
  return (await res.json()) as Post;
}

/**
 * /p/{id}'s post. Opened from a grid it shows the list's copy at once (as placeholder data) and
 * fetches the post behind it; a deep link fetches it.
 */
export function postQueryOptions(postId: number, queryClient?: QueryClient) {
  return queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: () => getPost(postId),
    placeholderData: queryClient ? () => findCachedPost(queryClient, postId) : undefined,
  });
}

export function usePost(postId: number) {
  const queryClient = useQueryClient();
  return useQuery(postQueryOptions(postId, queryClient));
}
