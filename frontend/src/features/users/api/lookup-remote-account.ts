import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RemoteAccount } from '@/types/social';
import { userKeys } from './keys';

/**
 * GET /api/federation/accounts/lookup?handle=@name@host → the account of another server, found
 * there and stored here (issue 46): its `id` then follows, its `username` (`name@host`) opens its
 * profile. 400 not a handle, 403 a server this one does not federate with, 404 not found.
 */
export async function lookupRemoteAccount(handle: string): Promise<RemoteAccount> {
  const res = await apiRequest('GET', `/api/federation/accounts/lookup?handle=${encodeURIComponent(handle)}`);
  return (await res.json()) as RemoteAccount;
}

/** Kept for half an hour: each lookup asks the other server. */
export function remoteAccountQueryOptions(handle: string) {
  return queryOptions({
    queryKey: userKeys.remoteAccount(handle),
    queryFn: () => lookupRemoteAccount(handle),
    staleTime: 30 * 60 * 1000,
    retry: false,
  });
}

/** The account behind a remote username (its page on its server), read quietly: nothing shows when it fails. */
export function useRemoteAccount(username: string) {
  return useQuery(remoteAccountQueryOptions(`@${username}`));
}

/** Looks a handle up when asked to (a search's 'Find … on another server'); the answer is kept for the profile. */
export function useFindRemoteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => queryClient.fetchQuery(remoteAccountQueryOptions(handle)),
  });
}
