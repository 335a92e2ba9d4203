import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { useErrorToast } from '@/hooks/use-error-toast';
import { apiRequest } from '@/lib/api-client';
import type { Profile } from '@/types/social';
import { userKeys } from './keys';

/** GET /api/search/users?q= → up to 20 users, best matches first; `query` is sent trimmed. */
export async function searchUsers(query: string): Promise<Profile[]> {
  const res = await apiRequest('GET', `/api/search/users?q=${encodeURIComponent(query.trim())}`);
  return (await res.json()) as Profile[];
}

/**
 * The search of the trimmed query, run only when it is non-empty; `key` builds its query key from
 * the trimmed query (the users keys unless a screen keeps it under its own).
 */
export function searchUsersQueryOptions(query: string, key: (query: string) => QueryKey = userKeys.search) {
  const q = query.trim();
  return queryOptions({ queryKey: key(q), queryFn: () => searchUsers(q), enabled: q.length > 0 });
}

/** Runs only for a non-empty trimmed query. */
export function useSearchUsers(query: string) {
  const result = useQuery(searchUsersQueryOptions(query));
  useErrorToast(result.error, 'Failed to search users');
  return result;
}
