//! Who is signed in, remembered in this browser so the app shell can start without a network
//! (issue 21): the session query (`/api/auth/user`) is written to local storage under
//! `atelier.session.{userId}` (user-storage.ts's convention, so signing out and deactivating
//! forget it with the rest) whenever it holds a user, and removed when it turns to null (an
//! expired session). It is read back only while the server cannot be asked: a start while the
//! browser is offline, or a session check that got no answer (issue 43: network error, 5xx);
//! otherwise the server's answer decides, and it replaces the remembered user once it comes.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from './auth';
import { userQueryKey } from './query-keys';
import { userStorageKey } from './user-storage';

const SESSION_KEY = /^atelier\.session\.\d+$/;

function sessionKeys(): string[] {
  return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
    (key): key is string => key !== null && SESSION_KEY.test(key),
  );
}

/** The user to start with: the remembered one while offline, else none (ask the server). */
export function offlineSessionUser(): User | undefined {
  if (typeof navigator === 'undefined' || navigator.onLine) return undefined;
  return rememberedSessionUser();
}

/** The last read of storage: the same text gives the same object, so renders see one user. */
let lastRead: { text: string | null; user: User | undefined } | null = null;

/** The user last signed in on this browser, if any. */
export function rememberedSessionUser(): User | undefined {
  try {
    const [key] = sessionKeys();
    const text = key ? localStorage.getItem(key) : null;
    if (lastRead?.text !== text) {
      const user = text ? (JSON.parse(text) as User | null) : null;
      lastRead = { text, user: typeof user?.id === 'number' && typeof user.username === 'string' ? user : undefined };
    }
    return lastRead.user;
  } catch {
    return undefined;
  }
}

function store(user: User | null): void {
  try {
    const keep = user ? userStorageKey('session', user.id) : null;
    for (const key of sessionKeys()) if (key !== keep) localStorage.removeItem(key);
    if (user && keep) localStorage.setItem(keep, JSON.stringify(user));
  } catch {
    // Storage refused or full: the app simply cannot start offline.
  }
}

/** Keeps the remembered user in step with the session query; answers the unsubscribe. */
export function rememberSession(queryClient: QueryClient): () => void {
  const hash = JSON.stringify(userQueryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hash || (event.type !== 'added' && event.type !== 'updated')) return;
    const { data, status } = event.query.state;
    if (status === 'success') store((data as User | null | undefined) ?? null);
  });
}
