import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { postKeys, POSTS_PAGE_SIZE } from './keys';

/** GET /api/posts/user/{userId}: one user's posts, newest first, one page. */
export function getUserPostsPage(userId: number, before: string | null): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl(`/api/posts/user/${userId}`, before, POSTS_PAGE_SIZE));
}

export function userPostsQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: postKeys.byUser(userId),
    ...cursorPaging((before) => getUserPostsPage(userId, before)),
  });
}

export function useUserPosts(userId: number) {
  return useInfiniteQuery(userPostsQueryOptions(userId));
}
