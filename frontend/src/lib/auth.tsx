//! The session: the signed-in user comes from GET /api/auth/user, and only the server's answer
//! decides: a user means signed in, a 401 (null) means signed out. Unlike every other query it is
//! never fresh and is refetched on focus and reconnect, so a session ended elsewhere shows up
//! quickly. A check that gets no answer (the network fails, a 5xx: issue 43) is no verdict: it is
//! asked again with backoff while the user already known stays signed in (TanStack Query keeps the
//! data of a failed refetch), and a start without one uses the last signed-in user remembered on
//! this browser (offline-session.ts, issue 21), or waits in a frame that says so.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/types/api.gen';
import { getQueryFn } from './api-client';
import { offlineSessionUser, rememberedSessionUser } from './offline-session';
import { userQueryKey } from './query-keys';
import { reconnectDelay } from './realtime';
import { isServerUnavailable } from './server-reachability';

export type User = components['schemas']['User'];

export function useUser() {
  return useQuery<User | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // No answer is asked again until there is one, on the socket's backoff (1 s doubling to 30 s).
    retry: (_failures, error) => isServerUnavailable(error),
    retryDelay: (failures) => reconnectDelay(failures),
    // Offline at start: the remembered user (offline-session.ts), stale, so the shell shows and
    // the server is asked as soon as the network is back.
    initialData: offlineSessionUser,
    initialDataUpdatedAt: 0,
  });
}

/**
 * What the app knows of the session: `checking` until the first answer; `signed-out` only on the
 * server's 401; `signed-in` with the server's user, or the remembered one while the server gives
 * no answer (`unconfirmed`); `unreachable` when it gives none and no user is remembered.
 */
export type Session =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; unconfirmed: boolean }
  | { status: 'unreachable' };

export function useSession(): Session {
  const query = useUser();
  // The cache's own state too: a screen's new observer starts from an optimistic "checking"
  // (no failures yet) while the check it joins has already gone unanswered.
  const state = useQueryClient().getQueryState<User | null>(userQueryKey);
  if (query.data) return { status: 'signed-in', user: query.data, unconfirmed: false };
  if (query.data === null) return { status: 'signed-out' };
  const unanswered =
    query.failureCount > 0 ||
    query.isError ||
    query.isPaused ||
    (state !== undefined && (state.fetchFailureCount > 0 || state.errorUpdateCount > 0 || state.fetchStatus === 'paused'));
  if (!unanswered) return { status: 'checking' };
  const remembered = rememberedSessionUser();
  return remembered ? { status: 'signed-in', user: remembered, unconfirmed: true } : { status: 'unreachable' };
}

/** For screens that only render inside the signed-in shell, where the session is known. */
export function useCurrentUser(): User {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useCurrentUser() used outside the signed-in app');
  return session.user;
}
