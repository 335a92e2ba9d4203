import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postsQueryKey, reelsQueryKey, storiesQueryKey, userQueryKey } from '@/lib/query-keys';
import { aProfile, json, me } from '@/test/render';
import { useUpdateProfile } from './update-profile';
import { useUploadProfileImage } from './upload-profile-image';

/**
 * Every list whose items embed their author's name and avatar, built from the roots the way
 * postKeys, storyKeys and reelKeys build them.
 */
const authorLists = [
  [...postsQueryKey, 'feed'],
  [...postsQueryKey, 'trending'],
  [...postsQueryKey, 'user', me.id],
  [...postsQueryKey, 'bookmarks'],
  [...storiesQueryKey, 'groups'],
  [...storiesQueryKey, 'user', me.id],
  [...reelsQueryKey, 'list'],
  [...reelsQueryKey, 'user', me.id],
];

/** A client whose caches hold those lists (fresh, as within the 5-minute stale time) and the session. */
function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(userQueryKey, me);
  for (const key of authorLists) queryClient.setQueryData(key, { pages: [], pageParams: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

function staleLists(queryClient: QueryClient) {
  return authorLists.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
}

afterEach(() => vi.unstubAllGlobals());

describe('profile changes refresh the lists that show the author', () => {
  it('a new display name or bio marks every post list, the stories strip and the reels stale', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(aProfile({ id: me.id, username: me.username, displayName: 'Maya C.' }))),
    );
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useUpdateProfile(), { wrapper });
    result.current.mutate({ displayName: 'Maya C.', bio: '', skills: [] });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(staleLists(queryClient)).toEqual(authorLists);
  });

  it('a new avatar marks every post list, the stories strip and the reels stale, wherever it was uploaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ profileImageUrl: '/media/new.jpg' })));
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useUploadProfileImage(), { wrapper });
    result.current.mutate(new Blob(['x'], { type: 'image/png' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(staleLists(queryClient)).toEqual(authorLists);
  });
});
