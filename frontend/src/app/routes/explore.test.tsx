import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { aPost, aProfile, json, me, renderWithApp } from '@/test/render';
import ExplorePage from './explore';

const posts = Array.from({ length: 12 }, (_, i) =>
  aPost({ id: 100 + i, caption: `Trending ${i + 1}`, likesCount: 50 - i }),
);
let feedAds = [anAd({ id: 1, title: 'Ad one', category: 'feed' }), anAd({ id: 2, title: 'Ad two', category: 'feed' })];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  feedAds = [anAd({ id: 1, title: 'Ad one', category: 'feed' }), anAd({ id: 2, title: 'Ad two', category: 'feed' })];
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/auth/user') return json(me);
    if (url === '/api/posts/trending?limit=12') return json(posts, { headers: { 'X-Next-Cursor': '88' } });
    if (url === '/api/ads/feed') return json(feedAds);
    if (url.startsWith('/api/search/users')) return json([aProfile()]);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The grid's items in order: a post's caption or an ad's 'Ad …' title. */
async function gridItems() {
  const list = await screen.findByRole('list', { name: 'Trending posts' });
  await within(list).findAllByRole('article');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const ad = within(item).queryByRole('article');
      return ad ? ad.getAttribute('aria-label') : within(item).getByRole('button').getAttribute('aria-label')!.replace(/^.*? likes?: /, '');
    });
}

describe('ExplorePage', () => {
  it('shows Trending with the first 12 posts and a feed ad after every 4th, cycling the ads', async () => {
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    expect(screen.getByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(await gridItems()).toEqual([
      'Trending 1',
      'Trending 2',
      'Trending 3',
      'Trending 4',
      'Sponsored: Ad one',
      'Trending 5',
      'Trending 6',
      'Trending 7',
      'Trending 8',
      'Sponsored: Ad two',
      'Trending 9',
      'Trending 10',
      'Trending 11',
      'Trending 12',
      'Sponsored: Ad one',
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/api/posts/trending?limit=12', expect.anything());
  });

  it('shows the posts alone when no feed ad is running', async () => {
    feedAds = [];
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    const list = await screen.findByRole('list', { name: 'Trending posts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(list).queryByRole('article')).not.toBeInTheDocument();
  });

  it('opens a trending post in a dialog with its full card', async () => {
    const user = userEvent.setup();
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await user.click(await screen.findByRole('button', { name: /^Leo Park, 49 likes: Trending 2$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Post by Leo Park' });
    expect(within(dialog).getByText('Trending 2')).toBeInTheDocument();
  });

  it('replaces the trending grid with search results while there is a query', async () => {
    const user = userEvent.setup();
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await screen.findByRole('list', { name: 'Trending posts' });
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'leo');
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trending' })).not.toBeInTheDocument();
  });
});
