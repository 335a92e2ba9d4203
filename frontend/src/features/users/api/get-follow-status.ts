import { queryOptions, useQuery } from '@tanstack/react-query';
import { useErrorToast } from '@/hooks/use-error-toast';
import { apiRequest } from '@/lib/api-client';
import type { FollowStatus } from '@/types/social';
import { refetchWhileRequested } from './get-profile';
import { userKeys } from './keys';

/** GET /api/users/{id}/follow-status → whether the signed-in user follows them, or asked to (issue 20). */
export async function getFollowStatus(userId: number): Promise<FollowStatus> {
  const res = await apiRequest('GET', `/api/users/${userId}/follow-status`);
  return (await res.json()) as FollowStatus;
}

export function followStatusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userKeys.followStatus(userId),
    queryFn: () => getFollowStatus(userId),
    refetchOnMount: refetchWhileRequested,
  });
}

/** Not fetched for the signed-in user's own profile (docs/decisions.md): pass `enabled: false`. */
export function useFollowStatus(userId: number, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...followStatusQueryOptions(userId), enabled });
  useErrorToast(query.error, 'Failed to check follow status');
  return query;
}
