import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from './auth';
import { offlineSessionUser, rememberSession } from './offline-session';
import { userQueryKey } from './query-keys';
import { forgetUser } from './user-storage';

const maya = { id: 7, username: 'maya', displayName: 'Maya', email: 'maya@example.com' } as User;
const leo = { id: 8, username: 'leo', displayName: 'Leo', email: 'leo@example.com' } as User;

function offline(yes: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!yes);
}

let stop: () => void;
let client: QueryClient;
beforeEach(() => {
  localStorage.clear();
  client = new QueryClient();
  stop = rememberSession(client);
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('offline session', () => {
  it('starts offline with the user the session query last held', () => {
    client.setQueryData(userQueryKey, maya);
    offline(true);
    expect(offlineSessionUser()).toEqual(maya);
  });

  it('starts online with nobody: the server decides', () => {
    client.setQueryData(userQueryKey, maya);
    offline(false);
    expect(offlineSessionUser()).toBeUndefined();
  });

  it('forgets the user when the session turns to null', () => {
    client.setQueryData(userQueryKey, maya);
    client.setQueryData(userQueryKey, null);
    offline(true);
    expect(offlineSessionUser()).toBeUndefined();
  });

  it('forgets the user with the rest of their data on sign-out', () => {
    client.setQueryData(userQueryKey, maya);
    forgetUser(maya.id);
    offline(true);
    expect(offlineSessionUser()).toBeUndefined();
  });

  it('keeps only the latest account signed in on this browser', () => {
    client.setQueryData(userQueryKey, maya);
    client.setQueryData(userQueryKey, leo);
    offline(true);
    expect(offlineSessionUser()).toEqual(leo);
    expect(Object.keys(localStorage)).toEqual(['atelier.session.8']);
  });
});
