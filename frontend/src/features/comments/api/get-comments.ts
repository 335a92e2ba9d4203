import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import type { Comment } from '../types';
import { commentKeys, COMMENTS_PAGE_SIZE } from './keys';

/**
 * GET /api/posts/{id}/comments or /api/reels/{id}/comments: top-level comments, oldest first.
 * The first page is the newest ones; `X-Next-Cursor` (the page's oldest id) walks back.
 */
export function getCommentsPage(kind: CommunityItemKind, id: number, before: string | null): Promise<Page<Comment>> {
  return apiPage<Comment>(pageUrl(`/api/${kind}s/${id}/comments`, before, COMMENTS_PAGE_SIZE));
}

export function commentsQueryOptions(kind: CommunityItemKind, id: number) {
  return infiniteQueryOptions({
    queryKey: commentKeys.list(kind, id),
    ...cursorPaging((before) => getCommentsPage(kind, id, before)),
  });
}

export function useComments(kind: CommunityItemKind, id: number) {
  return useInfiniteQuery(commentsQueryOptions(kind, id));
}
