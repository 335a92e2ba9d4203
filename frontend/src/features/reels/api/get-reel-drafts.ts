import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { ReelDraft } from '../types';
import { reelDraftKeys, REELS_PAGE_SIZE } from './keys';

/** GET /api/reel-drafts (issue 44): your reel drafts, newest first; `X-Next-Cursor` when more follow. */
export function getReelDraftsPage(before: string | null): Promise<Page<ReelDraft>> {
  return apiPage<ReelDraft>(pageUrl('/api/reel-drafts', before, REELS_PAGE_SIZE));
}

export function reelDraftsQueryOptions() {
  return infiniteQueryOptions({ queryKey: reelDraftKeys.list(), ...cursorPaging(getReelDraftsPage) });
}

export function useReelDrafts() {
  return useInfiniteQuery(reelDraftsQueryOptions());
}
