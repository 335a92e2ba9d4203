import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Reel } from '../types';
import { reelKeys, REELS_PAGE_SIZE } from './keys';

/** GET /api/reels: every reel, newest first; `X-Next-Cursor` when more follow. */
export function getReelsPage(before: string | null): Promise<Page<Reel>> {
  return apiPage<Reel>(pageUrl('/api/reels', before, REELS_PAGE_SIZE));
}

export function reelsQueryOptions() {
  return infiniteQueryOptions({ queryKey: reelKeys.list(), ...cursorPaging(getReelsPage) });
}

export function useReels() {
  return useInfiniteQuery(reelsQueryOptions());
}
