//! Query keys of user data. Following someone refreshes everything under `userKeys.all`
//! (search results, profiles and follow statuses; spec 000 §4, and home's skill matches).
import { usersQueryKey } from '@/lib/query-keys';

export const userKeys = {
  all: usersQueryKey,
  profile: (username: string) => ['users', 'profile', username.toLowerCase()] as const,
  followStatus: (userId: number) => ['users', 'follow-status', userId] as const,
  search: (query: string) => ['users', 'search', query] as const,
};
