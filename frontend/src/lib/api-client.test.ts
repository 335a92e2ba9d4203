import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn } from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('always sends credentials', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/posts');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('sends a JSON content type and body only when there is data', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { username: 'ada' });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"username":"ada"}');
  });

  it('sends no content type and no body without data', async () => {
    const fetchMock = mockFetch(new Response('{"ok":true}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
  });

  it('raises "{status}: {body}" for a non-2xx answer', async () => {
    mockFetch(new Response('{"message":"Invalid username or password","code":"invalid_credentials"}', { status: 401 }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(
      '401: {"message":"Invalid username or password","code":"invalid_credentials"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/posts')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the key segments joined with "/" and parses JSON', async () => {
    const fetchMock = mockFetch(new Response('[1,2]', { status: 200 }));
    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/posts/user', 7]));
    expect(fetchMock).toHaveBeenCalledWith('/api/posts/user/7', { credentials: 'include' });
    expect(data).toEqual([1, 2]);
  });

  it('returns null on 401 when asked to', async () => {
    mockFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).resolves.toBeNull();
  });

  it('raises on 401 by default', async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow('401: Unauthorized');
  });
});
