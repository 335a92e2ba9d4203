//! Query and mutation keys of comments. Every list under `commentKeys.all` holds pages of
//! comments (a post's or reel's top-level comments, one comment's replies), so a like or a
//! deletion can be written into all of them at once (api/cache.ts).
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import { commentsQueryKey } from '@/lib/query-keys';
import type { Comment } from '../types';

export const commentKeys = {
  all: commentsQueryKey,
  /** A post's or reel's top-level comments. */
  list: (kind: CommunityItemKind, id: number) => ['comments', kind, id] as const,
  replies: (commentId: number) => ['comments', 'replies', commentId] as const,
  /** The composer's @mention suggestions: the users' search, filed under comments. */
  mentionSearch: (query: string) => ['comments-mention-search', query] as const,
  /** Mutation keys. */
  create: (kind: CommunityItemKind, id: number) => ['comments-create', kind, id] as const,
  like: (commentId: number) => ['comments-like', commentId] as const,
  remove: (commentId: number) => ['comments-delete', commentId] as const,
};

/** Pages of an oldest-first list: the first page holds the newest, each page is oldest → newest. */
export type CommentPages = InfiniteData<Page<Comment>>;

/** Comments and replies per page. */
export const COMMENTS_PAGE_SIZE = 20;
