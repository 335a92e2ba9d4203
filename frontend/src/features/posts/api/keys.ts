//! Query keys of the post lists. Every list under `postKeys.all` holds the same shape
//! (pages of posts), so a like or bookmark can be written into all of them at once.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import { feedQueryKey, postsQueryKey, tagsQueryKey } from '@/lib/query-keys';
import type { Post } from '@/types/social';

export const postKeys = {
  all: postsQueryKey,
  feed: () => feedQueryKey,
  byUser: (userId: number) => ['posts', 'user', userId] as const,
  bookmarks: () => ['posts', 'bookmarks'] as const,
  trending: () => ['posts', 'trending'] as const,
  /** One post (/p/{id}): a single post, not pages; api/cache.ts writes into it too. */
  detail: (postId: number) => ['posts', 'detail', postId] as const,
  /** A tag's posts (a post list) and the tag's count (under 'tags', not a post list). */
  byTag: (tag: string) => ['posts', 'tag', tag] as const,
  tag: (tag: string) => [...tagsQueryKey, tag] as const,
  /** Mutation keys: the taps on one post's heart or bookmark in flight. */
  like: (postId: number) => ['like', postId] as const,
  bookmark: (postId: number) => ['bookmark', postId] as const,
  /** Mutation key: deleting one post (issue 43). */
  remove: (postId: number) => ['delete-post', postId] as const,
  /** Mutation key: editing one post (issue 44). */
  edit: (postId: number) => ['edit-post', postId] as const,
  /** A post's earlier versions (issue 44): pages of versions, not of posts, so not under `all`. */
  history: (postId: number) => ['post-history', postId] as const,
  /**
   * Your drafts (issue 44): pages of drafts, not of posts, so not under `all` (a draft's id may
   * equal a post's). `drafts(false)` the drafts, `drafts(true)` the scheduled posts.
   */
  allDrafts: () => ['drafts'] as const,
  drafts: (scheduled: boolean) => ['drafts', scheduled ? 'scheduled' : 'saved'] as const,
  /** One draft, opened in the composer (found in the lists: there is no GET for one). */
  draft: (draftId: number) => ['drafts', 'one', draftId] as const,
};

/** Named collections of saved posts (issue 44): the list, one, and which hold a post. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: () => ['collections', 'list'] as const,
  one: (id: number) => ['collections', 'one', id] as const,
  /** Which collections hold a post (the save menu's ticks). */
  ofPost: (postId: number) => ['collections', 'of-post', postId] as const,
  /** A collection's posts: a post list (under `postKeys.all`), so likes and saves reach it. */
  posts: (id: number) => [...postKeys.all, 'collection', id] as const,
  /** Every collection's posts. */
  allPosts: () => [...postKeys.all, 'collection'] as const,
};

/** What every post list keeps in the cache. */
export type PostPages = InfiniteData<Page<Post>>;

/** Page size of the post lists (the server's default). */
export const POSTS_PAGE_SIZE = 20;
