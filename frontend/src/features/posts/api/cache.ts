//! Writes to every cached post list at once, so the feed, a profile's grid and SAVED never
//! disagree about a post's likes or bookmark.
import type { QueryClient } from '@tanstack/react-query';
import type { Post } from '@/types/social';
import { postKeys, type PostPages } from './keys';

/** Applies `update` to post `postId` wherever it is cached: every list, and its /p/{id} copy. */
export function updateCachedPost(queryClient: QueryClient, postId: number, update: (post: Post) => Post): void {
  queryClient.setQueryData<Post>(postKeys.detail(postId), (post) => (post ? update(post) : post));
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.all }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((post) => post.id === postId)) return page;
      changed = true;
      return { ...page, items: page.items.map((post) => (post.id === postId ? update(post) : post)) };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Flattens the pages of a post list. */
export function flattenPosts(data: PostPages | undefined): Post[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The newest copy of post `postId` in any cached list, to show /p/{id} at once from a grid. */
export function findCachedPost(queryClient: QueryClient, postId: number): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<PostPages>({ queryKey: postKeys.all })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((post) => post.id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Puts a post just made at the top of a cached list's first page (the feed, the author's grid),
 * so it is first the moment the author comes back, before the list's refetch answers. A list not
 * cached yet is left to load; a post already there is not repeated.
 */
export function prependCachedPost(queryClient: QueryClient, queryKey: readonly unknown[], post: Post): void {
  queryClient.setQueryData<PostPages>(queryKey, (data) => {
    if (!data?.pages.length || data.pages.some((page) => page.items.some((p) => p.id === post.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, items: [post, ...first.items] }, ...rest] };
  });
}
