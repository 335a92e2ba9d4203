import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { UserSummary } from '../types';
import { adminKeys } from './keys';

/** GET /api/admin/users/summary → the user tiles' counts. */
export async function getUserSummary(): Promise<UserSummary> {
  const res = await apiRequest('GET', '/api/admin/users/summary');
  return (await res.json()) as UserSummary;
}

export function userSummaryQueryOptions() {
  return queryOptions({ queryKey: adminKeys.userSummary(), queryFn: getUserSummary });
}

export function useUserSummary() {
  return useQuery(userSummaryQueryOptions());
}
