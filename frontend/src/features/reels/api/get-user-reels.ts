import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Reel } from '../types';
import { reelKeys, REELS_PAGE_SIZE } from './keys';

/** GET /api/reels/user/{userId}: one creator's reels, newest first (the profile's REELS tab). */
export function getUserReelsPage(userId: number, before: string | null): Promise<Page<Reel>> {
  return apiPage<Reel>(pageUrl(`/api/reels/user/${userId}`, before, REELS_PAGE_SIZE));
}

export function userReelsQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: reelKeys.byUser(userId),
    ...cursorPaging((before) => getUserReelsPage(userId, before)),
  });
}

export function useUserReels(userId: number) {
  return useInfiniteQuery(userReelsQueryOptions(userId));
}
