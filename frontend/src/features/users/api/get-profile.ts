import { queryOptions, useQuery, type Query, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Profile } from '@/types/social';
import { userKeys } from './keys';

/** GET /api/users/username/{username} → the profile with counts; 404 `User not found`. */
export async function getProfile(username: string): Promise<Profile> {
  const res = await apiRequest('GET', `/api/users/username/${encodeURIComponent(username)}`);
  return (await res.json()) as Profile;
}

/**
 * While a follow request to the account waits, coming back to its profile asks the server
 * again even within the stale time: the server sends no event when the owner approves, and the
 * posts should then show (issue 20).
 */
export function refetchWhileRequested<T extends { isRequested: boolean }, K extends QueryKey>(
  query: Query<T, Error, T, K>,
): boolean | 'always' {
  return query.state.data?.isRequested ? 'always' : true;
}

export function profileQueryOptions(username: string) {
  return queryOptions({
    queryKey: userKeys.profile(username),
    queryFn: () => getProfile(username),
    refetchOnMount: refetchWhileRequested,
  });
}

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}

/** The request helper's error text starts with the status. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}
