import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SignedInSession } from '../types';
import { settingsKeys } from './keys';

/** GET /api/user/sessions → where the account is signed in, the most recently seen first. */
export async function getSessions(): Promise<SignedInSession[]> {
  const res = await apiRequest('GET', '/api/user/sessions');
  return (await res.json()) as SignedInSession[];
}

export function sessionsQueryOptions() {
  // Always asked again when the list shows: another device may have signed in meanwhile.
  return queryOptions({ queryKey: settingsKeys.sessions(), queryFn: getSessions, staleTime: 0 });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
