import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Comment } from '../types';
import { commentKeys, COMMENTS_PAGE_SIZE } from './keys';

/** GET /api/comments/{id}/replies: a comment's replies, oldest first, paged as the comments. */
export function getRepliesPage(commentId: number, before: string | null): Promise<Page<Comment>> {
  return apiPage<Comment>(pageUrl(`/api/comments/${commentId}/replies`, before, COMMENTS_PAGE_SIZE));
}

/** Fetched only once the replies are opened ('View replies (n)'). */
export function repliesQueryOptions(commentId: number, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: commentKeys.replies(commentId),
    ...cursorPaging((before) => getRepliesPage(commentId, before)),
    enabled,
  });
}

export function useReplies(commentId: number, enabled: boolean) {
  return useInfiniteQuery(repliesQueryOptions(commentId, enabled));
}
