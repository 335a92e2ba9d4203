import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aPost } from '@/test/render';
import { flattenPosts, prependCachedPost } from './cache';
import { postKeys, type PostPages } from './keys';

function cachedFeed(...ids: number[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<PostPages>(postKeys.feed(), {
    pages: [{ items: ids.map((id) => aPost({ id })), nextCursor: null }],
    pageParams: [null],
  });
  return queryClient;
}

const feedIds = (queryClient: QueryClient) =>
  flattenPosts(queryClient.getQueryData<PostPages>(postKeys.feed())).map((p) => p.id);

describe('prependCachedPost', () => {
  it('puts a new post first in a cached list', () => {
    const queryClient = cachedFeed(5, 4);
    prependCachedPost(queryClient, postKeys.feed(), aPost({ id: 9 }));
    expect(feedIds(queryClient)).toEqual([9, 5, 4]);
  });

  it('does not repeat a post the list already has', () => {
    const queryClient = cachedFeed(9, 5);
    prependCachedPost(queryClient, postKeys.feed(), aPost({ id: 9 }));
    expect(feedIds(queryClient)).toEqual([9, 5]);
  });

  it('leaves a list that is not cached to load', () => {
    const queryClient = new QueryClient();
    prependCachedPost(queryClient, postKeys.feed(), aPost({ id: 9 }));
    expect(queryClient.getQueryData(postKeys.feed())).toBeUndefined();
  });
});
