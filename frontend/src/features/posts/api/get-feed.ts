import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { postKeys, POSTS_PAGE_SIZE } from './keys';

/** GET /api/posts: the home gallery, newest first, one page. */
export function getFeedPage(before: string | null): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl('/api/posts', before, POSTS_PAGE_SIZE));
}

export function feedQueryOptions() {
  return infiniteQueryOptions({ queryKey: postKeys.feed(), ...cursorPaging(getFeedPage) });
}

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}
