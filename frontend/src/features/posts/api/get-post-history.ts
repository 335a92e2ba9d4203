import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { PostVersion } from '@/types/social';
import { postKeys } from './keys';

/** GET /api/posts/{id}/history (issue 44): the earlier versions, newest first, one page. */
export function getPostHistoryPage(postId: number, before: string | null): Promise<Page<PostVersion>> {
  return apiPage<PostVersion>(pageUrl(`/api/posts/${postId}/history`, before));
}

/** A post's earlier versions, read when `enabled` (the history is open). */
export function usePostHistory(postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.history(postId),
    ...cursorPaging((before) => getPostHistoryPage(postId, before)),
    enabled,
  });
}
