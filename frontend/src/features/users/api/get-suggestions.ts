import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SuggestedUser } from '@/types/social';
import { userKeys } from './keys';

/** How many people to suggest (the server's default; it allows 1–20). */
export const SUGGESTIONS_LIMIT = 10;

/**
 * GET /api/users/suggestions?limit= → people sharing your skills first, then the most followed;
 * never you, anyone you follow or asked to follow, nor a private, blocked or deactivated account.
 */
export async function getSuggestions(limit: number): Promise<SuggestedUser[]> {
  const res = await apiRequest('GET', `/api/users/suggestions?limit=${limit}`);
  return (await res.json()) as SuggestedUser[];
}

export function suggestionsQueryOptions(limit = SUGGESTIONS_LIMIT) {
  return queryOptions({ queryKey: userKeys.suggestions(limit), queryFn: () => getSuggestions(limit) });
}

export function useSuggestions({ limit = SUGGESTIONS_LIMIT, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useQuery({ ...suggestionsQueryOptions(limit), enabled });
}
