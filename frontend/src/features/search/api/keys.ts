//! Query keys of explore's search. The results sit under the users' root (lib/query-keys.ts):
//! their accounts carry `isFollowing` and follower counts, which a follow refreshes by
//! invalidating that root (features/users/api/follow.ts), as it did for the old user search.
import { usersQueryKey } from '@/lib/query-keys';

export const searchKeys = {
  all: [...usersQueryKey, 'explore-search'] as const,
  results: (query: string) => [...usersQueryKey, 'explore-search', query] as const,
};
