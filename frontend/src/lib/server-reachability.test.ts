import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isServerUnavailable, isUnreachableError, serverReachability, SOCKET_GRACE_MS } from './server-reachability';

const networkError = () => new TypeError('Failed to fetch');
const answer = (status: number) => new Error(`${status}: {"message":"…","code":"…"}`);

describe('which failures mean Atelier did not answer', () => {
  it("counts network errors and a gateway's 502, 503 and 504, not answers of the server itself", () => {
    expect([networkError(), new Error('Network error'), answer(502), answer(503), answer(504)].map(isUnreachableError)).toEqual([
      true, true, true, true, true,
    ]);
    expect([answer(401), answer(404), answer(500), new TypeError("Cannot read properties of undefined (reading 'id')")].map(isUnreachableError)).toEqual([
      false, false, false, false,
    ]);
  });

  it('asks again after no answer, a 5xx or a 429, never after a 4xx answer', () => {
    expect([networkError(), answer(500), answer(503), answer(429)].map(isServerUnavailable)).toEqual([true, true, true, true]);
    expect([answer(400), answer(401), answer(404)].map(isServerUnavailable)).toEqual([false, false, false]);
  });
});

describe('serverReachability', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const read = (key: string, queryFn: () => Promise<unknown>) => client.fetchQuery({ queryKey: [key], queryFn }).catch(() => undefined);

  it('is unreachable after a request gets no answer, and reachable again after any answer (a 404 too)', async () => {
    const store = serverReachability(client);
    await read('feed', () => Promise.reject(networkError()));
    expect(store.unreachable).toBe(true);
    await read('missing', () => Promise.reject(answer(404)));
    expect(store.unreachable).toBe(false);
  });

  it('asks the failed queries again when the server answers again', async () => {
    const store = serverReachability(client);
    const feed = vi.fn<() => Promise<string>>().mockRejectedValueOnce(networkError()).mockResolvedValue('posts');
    // An active query: a screen is watching it.
    const stopWatching = new QueryObserver(client, { queryKey: ['feed'], queryFn: feed }).subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryState(['feed'])?.status).toBe('error'));
    expect(store.unreachable).toBe(true);

    await read('session', () => Promise.resolve('maya'));

    await vi.waitFor(() => expect(client.getQueryData(['feed'])).toBe('posts'));
    expect(store.unreachable).toBe(false);
    stopWatching();
  });

  it('has the session check ask the server after a request gets no answer, and drops the flag on its answer', async () => {
    const store = serverReachability(client);
    const session = vi.fn<() => Promise<string>>().mockResolvedValue('maya');
    const stopWatching = new QueryObserver(client, { queryKey: ['/api/auth/user'], queryFn: session, staleTime: Infinity }).subscribe(() => undefined);
    await vi.waitFor(() => expect(session).toHaveBeenCalledTimes(1));

    await read('like', () => Promise.reject(networkError()));

    await vi.waitFor(() => expect(session).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(store.unreachable).toBe(false));
    stopWatching();
  });

  it('counts the socket only once it has been down for the grace period, and its opening as an answer', () => {
    vi.useFakeTimers();
    const store = serverReachability(client);
    store.socketStatus('connecting');
    vi.advanceTimersByTime(SOCKET_GRACE_MS - 1);
    expect(store.unreachable).toBe(false);
    store.socketStatus('waiting');
    vi.advanceTimersByTime(1);
    expect(store.unreachable).toBe(true);

    store.socketStatus('open');
    expect(store.unreachable).toBe(false);
  });
});
