//! The session: the signed-in user comes from GET /api/auth/user, and its presence alone
//! means "logged in". Unlike every other query it is never fresh and is refetched on focus and
//! reconnect, so a session ended elsewhere shows up quickly. Started offline, the last signed-in
//! user stands in until the server can be asked (issue 21).
import { useQuery } from '@tanstack/react-query';
import type { components } from '@/types/api.gen';
import { getQueryFn } from './api-client';
import { offlineSessionUser } from './offline-session';
import { userQueryKey } from './query-keys';

export type User = components['schemas']['User'];

export function useUser() {
  return useQuery<User | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    retry: false,
    // Offline at start: the remembered user (offline-session.ts), stale, so the shell shows and
    // the server is asked as soon as the network is back.
    initialData: offlineSessionUser,
    initialDataUpdatedAt: 0,
  });
}

/** For screens that only render inside the signed-in shell, where the session is known. */
export function useCurrentUser(): User {
  const { data } = useUser();
  if (!data) throw new Error('useCurrentUser() used outside the signed-in app');
  return data;
}
