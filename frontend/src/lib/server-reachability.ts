//! Whether the server can be reached (issue 43): the browser may say it is online while
//! Atelier does not answer (the server restarting, a proxy's 502). Every query and mutation of a
//! QueryClient reports here through its caches, and the realtime socket through
//! `reportSocketStatus`: a request that got no answer (a network error, 502, 503, 504) or a socket
//! down for more than a couple of seconds makes the server unreachable; any answer, or the socket
//! opening, makes it reachable again. Meanwhile the session check keeps asking the server; on its
//! return, the queries that failed meanwhile are asked again (the browser's own 'online' event is
//! TanStack Query's onlineManager's business, not this).
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { errorStatus } from './api-client';
import { userQueryKey } from './query-keys';
import type { RealtimeStatus } from './realtime';
import { useRealtimeClient } from './realtime-provider';

/** How long the socket may be down before it counts: a reconnect after a blip is not an outage. */
export const SOCKET_GRACE_MS = 2_500;

/** The statuses a proxy or load balancer answers for a server that is not there. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * A request that never reached the server: fetch's TypeError (Chrome's 'Failed to fetch',
 * Firefox's 'NetworkError…', Safari's 'Load failed') or the upload helper's 'Network error'.
 */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message === 'Network error') return true;
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed|fetch failed/i.test(error.message);
}

/** No answer from Atelier itself: a network error, or a gateway's 502, 503 or 504. */
export function isUnreachableError(error: unknown): boolean {
  const status = errorStatus(error);
  return status === null ? isNetworkError(error) : GATEWAY_STATUSES.has(status);
}

/**
 * Worth asking again by itself: no answer, a server error (5xx) or a rate limit (429). Any other
 * answer (401, 404, …) would only be repeated.
 */
export function isServerUnavailable(error: unknown): boolean {
  const status = errorStatus(error);
  if (status === null) return isNetworkError(error);
  return status >= 500 || status === 429;
}

type Listener = () => void;

class Reachability {
  /** The latest request ended without an answer. */
  private requestsFailing = false;
  /** The socket has not been open for SOCKET_GRACE_MS. */
  private socketDown = false;
  private socketTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly recoveryListeners = new Set<Listener>();

  constructor(private readonly queryClient: QueryClient) {
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'failed' || action.type === 'error') this.requestFailed(action.error);
      else if (action.type === 'success' && !action.manual) this.answered();
    });
    queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'failed' || action.type === 'error') this.requestFailed(action.error);
      else if (action.type === 'success') this.answered();
    });
  }

  get unreachable(): boolean {
    return this.requestsFailing || this.socketDown;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Called when the server answers again after it could not be reached (the socket reconnects now). */
  onRecovery(listener: Listener): () => void {
    this.recoveryListeners.add(listener);
    return () => void this.recoveryListeners.delete(listener);
  }

  socketStatus(status: RealtimeStatus): void {
    if (status === 'open') {
      this.clearSocketTimer();
      this.update({ socketDown: false, requestsFailing: false });
    } else if (status === 'stopped') {
      this.clearSocketTimer();
      this.update({ socketDown: false });
    } else if (!this.socketTimer && !this.socketDown) {
      this.socketTimer = setTimeout(() => {
        this.socketTimer = null;
        this.update({ socketDown: true });
      }, SOCKET_GRACE_MS);
    }
  }

  private requestFailed(error: unknown): void {
    if (isUnreachableError(error)) this.update({ requestsFailing: true });
    // Only an HTTP answer proves the server is there (a cancelled fetch proves nothing).
    else if (errorStatus(error) !== null) this.answered();
  }

  private answered(): void {
    this.update({ requestsFailing: false });
  }

  private clearSocketTimer(): void {
    if (this.socketTimer) clearTimeout(this.socketTimer);
    this.socketTimer = null;
  }

  private update(next: { requestsFailing?: boolean; socketDown?: boolean }): void {
    const wasUnreachable = this.unreachable;
    const wasFailing = this.requestsFailing;
    this.requestsFailing = next.requestsFailing ?? this.requestsFailing;
    this.socketDown = next.socketDown ?? this.socketDown;
    if (!wasFailing && this.requestsFailing) this.probe();
    if (wasFailing && !this.requestsFailing) this.recover();
    if (wasUnreachable !== this.unreachable) for (const listener of this.listeners) listener();
  }

  /**
   * Something got no answer: the session check asks the server (on its backoff, until it answers),
   * so the bar goes once the server is back even when nothing else asks it.
   */
  private probe(): void {
    void this.queryClient.refetchQueries({ queryKey: userQueryKey, type: 'active' }, { cancelRefetch: false });
  }

  /**
   * The server answers again: what failed meanwhile is asked again, so the screens fill without a
   * reload; a refetch still retrying starts over at once (a first fetch still retrying, with no data
   * to show meanwhile, keeps its own schedule: cancelling it would blank its screen).
   */
  private recover(): void {
    void this.queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error' || query.state.fetchFailureCount > 0,
    });
    for (const listener of this.recoveryListeners) listener();
  }
}

const stores = new WeakMap<QueryClient, Reachability>();

/** The reachability of `queryClient`'s server, watching its caches from the first call on. */
export function serverReachability(queryClient: QueryClient): Reachability {
  let store = stores.get(queryClient);
  if (!store) {
    store = new Reachability(queryClient);
    stores.set(queryClient, store);
  }
  return store;
}

/** Whether the server cannot be reached right now ('Can't reach Atelier — retrying'). */
export function useServerUnreachable(): boolean {
  const store = serverReachability(useQueryClient());
  return useSyncExternalStore(store.subscribe, () => store.unreachable, () => false);
}

/**
 * Reports the realtime socket of the surrounding RealtimeProvider: down for SOCKET_GRACE_MS
 * counts as unreachable, open as an answer; when requests get answers again, the socket does not
 * wait out its backoff.
 */
export function useSocketReachability(): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    const store = serverReachability(queryClient);
    store.socketStatus(client.status);
    const stopStatus = client.onStatusChange((status) => store.socketStatus(status));
    const stopRecovery = store.onRecovery(client.reconnectNow);
    return () => {
      stopStatus();
      stopRecovery();
      store.socketStatus('stopped');
    };
  }, [client, queryClient]);
}
