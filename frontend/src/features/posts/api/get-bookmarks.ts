import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { postKeys, POSTS_PAGE_SIZE } from './keys';

/** GET /api/bookmarks: the signed-in user's saved posts, most recently saved first, one page. */
export function getBookmarksPage(before: string | null): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl('/api/bookmarks', before, POSTS_PAGE_SIZE));
}

export function bookmarksQueryOptions() {
  return infiniteQueryOptions({ queryKey: postKeys.bookmarks(), ...cursorPaging(getBookmarksPage) });
}

export function useBookmarks() {
  return useInfiniteQuery(bookmarksQueryOptions());
}
