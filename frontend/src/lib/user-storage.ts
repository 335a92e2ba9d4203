//! What one signed-in user keeps in this browser's local storage (the shop's cart) lives under
//! `atelier.{name}.{userId}`, so the next account signed in on the same browser never sees it.
//! Signing out and deactivating call `forgetUser`, which removes every such key of that user,
//! whether or not the feature that wrote it is loaded, and tells the loaded stores to drop their
//! in-memory copies. Features never import one another, so the convention lives here.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from './auth';
import { userQueryKey } from './query-keys';

/** The local storage key of `name` (letters and dashes) for one user. */
export function userStorageKey(name: string, userId: number): string {
  return `atelier.${name}.${userId}`;
}

const forgetters = new Set<(userId: number) => void>();

/** Runs `listener` whenever a user's data is forgotten; answers the unsubscribe. */
export function onForgetUser(listener: (userId: number) => void): () => void {
  forgetters.add(listener);
  return () => forgetters.delete(listener);
}

/** Removes everything this browser keeps for the user (sign-out, deactivation). */
export function forgetUser(userId: number): void {
  const pattern = new RegExp(`^atelier\\.[a-z-]+\\.${userId}$`);
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key !== null && pattern.test(key)) localStorage.removeItem(key);
  } catch {
    // Storage refused: there is nothing stored to forget.
  }
  for (const forget of forgetters) forget(userId);
}

/** `forgetUser` for whoever the session query says is signed in (before it is cleared). */
export function forgetSignedInUser(queryClient: QueryClient): void {
  const user = queryClient.getQueryData<User | null>(userQueryKey);
  if (user) forgetUser(user.id);
}
