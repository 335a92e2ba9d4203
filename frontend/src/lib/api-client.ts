//! The spec's shared request helper. Every call to the server goes through
//! here: cookies always ride along, JSON bodies are labelled as such, and a non-2xx answer
//! becomes an Error whose text is "{status}: {body text or status text}".
import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The spec's error text: "{status}: {body text or status text}". */
function errorText(status: number, body: string, statusText: string): string {
  return `${status}: ${body || statusText}`;
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new Error(errorText(res.status, text, res.statusText));
  }
}

/**
 * Sends a request with the session cookie; `data`, when given, is sent as JSON. `headers` adds
 * request headers (an order's `Idempotency-Key`).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET the query key's segments joined with '/', parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Sends a multipart form (file uploads) with the session cookie; the browser sets the boundary. */
export async function apiRequestForm(method: HttpMethod, url: string, form: FormData): Promise<Response> {
  const res = await fetch(url, { method, body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

/**
 * Like apiRequest with a JSON body, over XMLHttpRequest so the upload can be followed:
 * `onProgress` gets the fraction (0..1) of the body sent. Resolves with the parsed JSON answer.
 */
export function apiRequestWithProgress<T>(
  method: HttpMethod,
  url: string,
  data: unknown,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return sendWithProgress<T>(method, url, JSON.stringify(data), 'application/json', onProgress);
}

/**
 * Like apiRequestForm, over XMLHttpRequest so the upload can be followed (a reel's video):
 * `onProgress` gets the fraction (0..1) of the body sent. Resolves with the parsed JSON answer.
 */
export function apiRequestFormWithProgress<T>(
  method: HttpMethod,
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return sendWithProgress<T>(method, url, form, null, onProgress);
}

/** One request over XMLHttpRequest with upload progress; `contentType` null lets the browser set it (multipart). */
function sendWithProgress<T>(
  method: HttpMethod,
  url: string,
  body: string | FormData,
  contentType: string | null,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(errorText(xhr.status, xhr.responseText, xhr.statusText)));
        return;
      }
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Request aborted'));
    xhr.send(body);
  });
}

/** The status of a request helper's error ("{status}: …"), or null for other errors. */
export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The server's user-facing `message` of a request helper's error (`{message, code}` bodies,
 * the API's error shape), or null when the body carries none.
 */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/** The stable `code` of a request helper's error body (`link_expired`, `invalid_code`, …), or null. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]) as { code?: unknown };
    return typeof body.code === 'string' && body.code ? body.code : null;
  } catch {
    return null;
  }
}

/** One page of a keyset-paginated list: the items and the cursor of the next page. */
export interface Page<T> {
  items: T[];
  /** The `X-Next-Cursor` header: pass it as `?before=` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `url` with `before` (when there is one) and `limit` added to its query string. */
export function pageUrl(url: string, before: string | null, limit?: number): string {
  const params = new URLSearchParams();
  if (before !== null) params.set('before', before);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** GETs one page of a list: the JSON array and the `X-Next-Cursor` header. */
export async function apiPage<T>(url: string): Promise<Page<T>> {
  const res = await apiRequest('GET', url);
  const items = (await res.json()) as T[];
  return { items, nextCursor: res.headers.get('X-Next-Cursor') || null };
}

/**
 * The paging half of a keyset-paginated list's infinite query: the first page has no cursor,
 * each next one is fetched `before` the previous page's `X-Next-Cursor`, until there is none.
 * Spread it into `infiniteQueryOptions` beside the query key.
 */
export function cursorPaging<T>(fetchPage: (before: string | null) => Promise<Page<T>>) {
  return {
    queryFn: ({ pageParam }: { pageParam: string | null }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  };
}
