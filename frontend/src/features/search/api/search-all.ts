import { queryOptions, useQuery } from '@tanstack/react-query';
import { useErrorToast } from '@/hooks/use-error-toast';
import { apiRequest } from '@/lib/api-client';
import type { SearchResults } from '../types';
import { searchKeys } from './keys';

/** The server refuses a longer query (400); the field stops there. */
export const SEARCH_MAX = 100;

/** GET /api/search?q= → {users, tags, posts}; `query` is sent trimmed. */
export async function searchAll(query: string): Promise<SearchResults> {
  const res = await apiRequest('GET', `/api/search?q=${encodeURIComponent(query.trim())}`);
  return (await res.json()) as SearchResults;
}

/** Run only for a non-empty trimmed query. */
export function searchAllQueryOptions(query: string) {
  const q = query.trim();
  return queryOptions({ queryKey: searchKeys.results(q), queryFn: () => searchAll(q), enabled: q.length > 0 });
}

export function useSearchAll(query: string) {
  const result = useQuery(searchAllQueryOptions(query));
  useErrorToast(result.error, 'Failed to search');
  return result;
}
