import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { PersonListed } from '@/types/social';
import { userKeys, type FollowListSide } from './keys';

/**
 * GET /api/users/{id}/followers or /following (issue 43): the latest follow first, each with
 * your follow state; a private account's lists only for itself and its approved followers
 * (403 'This account is private'). `X-Next-Cursor` when more follow.
 */
export function getFollowListPage(userId: number, side: FollowListSide, before: string | null): Promise<Page<PersonListed>> {
  return apiPage<PersonListed>(pageUrl(`/api/users/${userId}/${side}`, before));
}

export function followListQueryOptions(userId: number, side: FollowListSide) {
  return infiniteQueryOptions({
    queryKey: userKeys.followList(userId, side),
    ...cursorPaging((before) => getFollowListPage(userId, side, before)),
    // A 403 (private) or 404 will not change by asking again.
    retry: false,
  });
}

export function useFollowList(userId: number, side: FollowListSide) {
  return useInfiniteQuery(followListQueryOptions(userId, side));
}
