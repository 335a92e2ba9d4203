import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { ReelVersion } from '../types';
import { reelKeys } from './keys';

/** GET /api/reels/{id}/history (issue 44): the earlier captions, newest first, one page. */
export function getReelHistoryPage(reelId: number, before: string | null): Promise<Page<ReelVersion>> {
  return apiPage<ReelVersion>(pageUrl(`/api/reels/${reelId}/history`, before));
}

/** A reel's earlier captions, read when `enabled` (the history is open). */
export function useReelHistory(reelId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reelKeys.history(reelId),
    ...cursorPaging((before) => getReelHistoryPage(reelId, before)),
    enabled,
  });
}
