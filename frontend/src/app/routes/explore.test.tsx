import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { apiError } from '@/test/shop';
import { aPost, aProfile, deferred, json, me, renderWithApp } from '@/test/render';
import ExplorePage from './explore';

const posts = Array.from({ length: 12 }, (_, i) =>
  aPost({ id: 100 + i, caption: `Trending ${i + 1}`, likesCount: 50 - i }),
);
let feedAds = [anAd({ id: 1, title: 'Ad one', category: 'feed' }), anAd({ id: 2, title: 'Ad two', category: 'feed' })];

let searchAnswer: unknown;
let lookupAnswer: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  searchAnswer = { users: [aProfile()], tags: [], posts: [] };
  lookupAnswer = async () => json(alice);
  feedAds = [anAd({ id: 1, title: 'Ad one', category: 'feed' }), anAd({ id: 2, title: 'Ad two', category: 'feed' })];
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/auth/user') return json(me);
    if (url === '/api/posts/trending?limit=12') return json(posts, { headers: { 'X-Next-Cursor': '88' } });
    if (url === '/api/ads/feed') return json(feedAds);
    if (url.startsWith('/api/search?q=')) return json(searchAnswer);
    if (url.startsWith('/api/federation/accounts/lookup?handle=')) return lookupAnswer();
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** An account of another server, as the federation lookup answers it (issue 46). */
const alice = {
  id: 40,
  username: 'alice@social.example',
  displayName: 'Alice',
  profileImageUrl: null,
  host: 'social.example',
  actorUrl: 'https://social.example/users/alice',
  profileUrl: 'https://social.example/@alice',
};
afterEach(() => vi.unstubAllGlobals());

/** The grid's items in order: a post's caption or an ad's 'Ad …' title. */
async function gridItems() {
  const list = await screen.findByRole('list', { name: 'Trending posts' });
  await within(list).findAllByRole('article');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const ad = within(item).queryByRole('article');
      return ad ? ad.getAttribute('aria-label') : within(item).getByRole('link').getAttribute('aria-label')!.replace(/^.*? likes?: /, '');
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

  it('links each trending post to its page', async () => {
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    expect(await screen.findByRole('link', { name: /^Leo Park, 49 likes: Trending 2$/ })).toHaveAttribute('href', '/p/101');
  });

  it('replaces the trending grid with search results while there is a query', async () => {
    const user = userEvent.setup();
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await screen.findByRole('list', { name: 'Trending posts' });
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'leo');
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trending' })).not.toBeInTheDocument();
  });

  it('shows Accounts, Tags and Posts as the user types, each with its own empty state', async () => {
    const user = userEvent.setup();
    searchAnswer = {
      users: [aProfile({ id: 1, username: 'maya', displayName: 'Maya Chen' }), aProfile()],
      tags: [{ tag: 'neon', postsCount: 12 }, { tag: 'neonlights', postsCount: 1 }],
      posts: [aPost({ id: 31, caption: 'Harbour lights', location: 'Neon Harbour' }), aPost({ id: 32, caption: 'Neon sign', location: 'Seoul' })],
    };
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'neon');

    const accounts = await screen.findByRole('list', { name: 'Accounts' });
    expect(fetchMock).toHaveBeenCalledWith('/api/search?q=neon', expect.anything());
    expect(within(accounts).getByRole('link', { name: /Leo Park/ })).toHaveAttribute('href', '/profile/leo');
    // Your own row has no follow button; another's has one.
    expect(within(accounts).getAllByRole('button', { name: /Follow/ })).toHaveLength(1);

    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: /#neon\s*· 12 posts/ })).toHaveAttribute('href', '/explore/tags/neon');
    expect(within(tags).getByRole('link', { name: /#neonlights\s*· 1 post$/ })).toBeInTheDocument();

    const posts = screen.getByRole('list', { name: 'Posts' });
    // A post found by its place says the place; the other does not.
    expect(within(posts).getByRole('link', { name: 'Harbour lights, Neon Harbour' })).toHaveAttribute('href', '/p/31');
    expect(within(posts).getByRole('link', { name: 'Neon sign' })).toHaveAttribute('href', '/p/32');
    expect(within(posts).queryByText('Seoul')).not.toBeInTheDocument();
  });

  it('says per group when nothing matches', async () => {
    const user = userEvent.setup();
    searchAnswer = { users: [], tags: [], posts: [] };
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No tags found')).toBeInTheDocument();
    expect(screen.getByText('No posts found')).toBeInTheDocument();
  });

  it("following an account from the results refreshes them: the row says 'Following'", async () => {
    const user = userEvent.setup();
    let following = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return json(me);
      if (url === '/api/posts/trending?limit=12') return json(posts);
      if (url === '/api/ads/feed') return json([]);
      if (url === '/api/users/2/follow' && init?.method === 'POST') {
        following = true;
        return json({ isFollowing: true, followersCount: 11 });
      }
      if (url.startsWith('/api/search?q=')) {
        return json({ users: [aProfile({ isFollowing: following, followersCount: following ? 11 : 10 })], tags: [], posts: [] });
      }
      return new Response(null, { status: 204 });
    });
    renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'leo');
    const accounts = await screen.findByRole('list', { name: 'Accounts' });
    await user.click(within(accounts).getByRole('button', { name: /^Follow/ }));
    expect(await within(accounts).findByRole('button', { name: /Following/ })).toBeInTheDocument();
    expect(within(accounts).getByText('11 followers')).toBeInTheDocument();
  });

  describe('a handle of another server (issue 46)', () => {
    const findRow = () => screen.findByRole('button', { name: /^Find @alice@social\.example on another server/ });

    it('offers to find it there, says it is looking, then opens the account’s profile', async () => {
      const user = userEvent.setup();
      const answer = deferred<Response>();
      lookupAnswer = () => answer.promise;
      const { location } = renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
      await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'alice@Social.example');
      // The local search still runs beside it.
      expect(await screen.findByRole('list', { name: 'Accounts' })).toBeInTheDocument();

      await user.click(await findRow());
      const busy = await screen.findByRole('button', { name: /^Looking up @alice@social\.example/ });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      expect(fetchMock).toHaveBeenCalledWith('/api/federation/accounts/lookup?handle=%40alice%40social.example', expect.anything());

      answer.resolve(json(alice));
      await waitFor(() => expect(location.history?.at(-1)).toBe('/profile/alice%40social.example'));
    });

    it("shows the server's reason under the row when nothing is found, and stays", async () => {
      const user = userEvent.setup();
      lookupAnswer = async () => apiError(404, 'No account was found for that handle', 'not_found');
      const { location } = renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
      await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), '@alice@social.example');
      await user.click(await findRow());
      expect(await screen.findByRole('alert')).toHaveTextContent('No account was found for that handle');
      expect(await findRow()).toBeEnabled();
      expect(location.history?.at(-1)).toBe('/explore');
    });

    it('offers nothing for a local name, nor for a host without a dot or a port', async () => {
      const user = userEvent.setup();
      renderWithApp(<ExplorePage />, { user: me, path: '/explore' });
      await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'alice@localhost');
      await screen.findByRole('list', { name: 'Accounts' });
      expect(screen.queryByRole('button', { name: /on another server/ })).not.toBeInTheDocument();
    });
  });
});
