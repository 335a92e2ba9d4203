import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { postKeys, POSTS_PAGE_SIZE } from './keys';

/** GET /api/tags/{tag}/posts: the tag's posts, newest first (an empty list for an unknown tag). */
export function getTagPostsPage(tag: string, before: string | null): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl(`/api/tags/${encodeURIComponent(tag)}/posts`, before, POSTS_PAGE_SIZE));
}

/** A post list like the others (under `postKeys.all`), so likes made elsewhere show here too. */
export function tagPostsQueryOptions(tag: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.byTag(tag),
    ...cursorPaging((before) => getTagPostsPage(tag, before)),
  });
}

export function useTagPosts(tag: string) {
  return useInfiniteQuery(tagPostsQueryOptions(tag));
}
