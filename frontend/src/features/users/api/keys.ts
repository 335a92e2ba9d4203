//! Query keys of user data. Following someone refreshes everything under `userKeys.all`
//! (search results, profiles and follow statuses, and home's skill matches).
//! Your follow requests (issue 20) sit under the same root: a change of the Private Account
//! switch (features/settings) refreshes them with your profile.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/query-keys';
import type { FollowRequest } from '@/types/social';

export const userKeys = {
  all: usersQueryKey,
  /** Every profile (an answered follow request changes your followers count). */
  profiles: ['users', 'profile'] as const,
  profile: (username: string) => ['users', 'profile', username.toLowerCase()] as const,
  followStatus: (userId: number) => ['users', 'follow-status', userId] as const,
  search: (query: string) => ['users', 'search', query] as const,
  followRequests: () => ['users', 'follow-requests'] as const,
  /**
   * An account's followers or following (issue 43): under the root, so a Follow pressed in the
   * list refreshes its rows' buttons.
   */
  followList: (userId: number, side: FollowListSide) => ['users', side, userId] as const,
  /**
   * People to follow (issue 41): outside the users' root on purpose, so following one of them
   * does not refetch the list and take them away mid-choice; their button reads the follow
   * status the follow leaves behind.
   */
  suggestions: (limit: number) => ['user-suggestions', limit] as const,
  /**
   * An account of another server found by its handle (issue 46): outside the users' root, so a
   * follow does not ask its server again.
   */
  remoteAccount: (handle: string) => ['remote-accounts', handle.toLowerCase()] as const,
};

export type FollowListSide = 'followers' | 'following';

export type FollowRequestPages = InfiniteData<Page<FollowRequest>>;

/** Requests per page of the follow requests list (the server's default). */
export const FOLLOW_REQUESTS_PAGE_SIZE = 20;

