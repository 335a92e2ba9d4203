import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { FollowRequest } from '@/types/social';
import { FOLLOW_REQUESTS_PAGE_SIZE, userKeys } from './keys';

/**
 * GET /api/user/follow-requests: the requests to follow you (a private account), newest first;
 * `X-Next-Cursor` when more follow.
 */
export function getFollowRequestsPage(before: string | null): Promise<Page<FollowRequest>> {
  return apiPage<FollowRequest>(pageUrl('/api/user/follow-requests', before, FOLLOW_REQUESTS_PAGE_SIZE));
}

export function followRequestsQueryOptions() {
  return infiniteQueryOptions({ queryKey: userKeys.followRequests(), ...cursorPaging(getFollowRequestsPage) });
}

/** Fetched only for a private account's owner (`enabled`): no one else has requests. */
export function useFollowRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...followRequestsQueryOptions(), enabled });
}
