import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommunityActionsProvider } from '@/lib/community-actions';
import { SafetyActionsProvider } from '@/lib/safety-actions';
import { TipActionsProvider } from '@/lib/tip-actions';
import { aPost, deferred, json, renderWithApp } from '@/test/render';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { postKeys } from '../api/keys';
import { PostFeed } from './post-feed';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders the gallery whose first page is `posts`, and waits for the cards. */
/** The requests made, but the signed-in user's. */
function apiCalls() {
  return fetchMock.mock.calls.filter(([url]) => url !== '/api/auth/user');
}

async function renderFeed(posts = [aPost()]) {
  fetchMock.mockResolvedValueOnce(json(posts));
  const app = renderWithApp(<PostFeed />);
  await screen.findAllByRole('article');
  return app;
}

describe('PostCard in the gallery', () => {
  it('shows author, image, caption, location, tags, counts and relative time', async () => {
    await renderFeed();
    expect(screen.getByRole('heading', { name: 'Creative Projects Gallery' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Post by Leo Park' });
    expect(card).toHaveTextContent('Seoul');
    expect(screen.getByRole('img', { name: 'Neon city at night' })).toHaveAttribute('src', '/media/abc.jpg');
    expect(screen.getByText('#neon')).toBeInTheDocument();
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(screen.getByText('0 shares')).toBeInTheDocument();
    expect(screen.getByText('2h')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Leo Park|leo/ })[0]).toHaveAttribute('href', '/profile/leo');
    expect(fetchMock).toHaveBeenCalledWith('/api/posts?limit=20', expect.objectContaining({ credentials: 'include' }));
  });

  it("has no Share button on a post whose author turned '3D Content Sharing' off, and one on another's", async () => {
    await renderFeed([aPost({ id: 7, allowsSharing: false }), aPost({ id: 8, caption: 'Shareable', allowsSharing: true })]);
    const [closed, open] = screen.getAllByRole('article');
    expect(within(closed).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(closed).getByText('0 shares')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('reserves the image space from its width and height', async () => {
    await renderFeed([aPost({ width: 1200, height: 900 })]);
    const box = screen.getByRole('img', { name: 'Neon city at night' }).parentElement!;
    expect(box.style.aspectRatio).toBe('1200 / 900');
  });

  it('counts a like at once, and reverts it with a toast when the server fails', async () => {
    const user = userEvent.setup();
    await renderFeed();
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);

    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/posts/7/like', expect.objectContaining({ method: 'POST' }));

    await act(async () => answer.resolve(new Response('boom', { status: 500 })));
    expect(await screen.findByText('Failed to update like. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("takes the server's count after a successful like", async () => {
    const user = userEvent.setup();
    await renderFeed();
    fetchMock.mockResolvedValueOnce(json({ isLiked: true, likesCount: 10 }));
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('10 likes')).toBeInTheDocument();
  });

  it('unlikes a liked post optimistically', async () => {
    const user = userEvent.setup();
    await renderFeed([aPost({ isLiked: true, likesCount: 1 })]);
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(screen.getByText('0 likes')).toBeInTheDocument();
  });

  it('reverts a failed bookmark with its toast', async () => {
    const user = userEvent.setup();
    await renderFeed();
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update bookmark. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('writes a like into every cached list holding the post', async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderFeed();
    queryClient.setQueryData(postKeys.bookmarks(), { pages: [{ items: [aPost()], nextCursor: null }], pageParams: [null] });
    fetchMock.mockResolvedValueOnce(json({ isLiked: true, likesCount: 4 }));
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => {
      const saved = queryClient.getQueryData<{ pages: Array<{ items: Array<{ likesCount: number; isLiked: boolean }> }> }>(
        postKeys.bookmarks(),
      );
      expect(saved?.pages[0].items[0]).toMatchObject({ likesCount: 4, isLiked: true });
    });
  });

  it('opens the comments and Send to… through the app, links tags and mentions', async () => {
    const user = userEvent.setup();
    const actions = { openComments: vi.fn(), openShare: vi.fn() };
    fetchMock.mockResolvedValueOnce(json([aPost({ caption: 'Night walk with @maya #Neon' })]));
    renderWithApp(
      <CommunityActionsProvider value={actions}>
        <PostFeed />
      </CommunityActionsProvider>,
    );
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(actions.openComments).toHaveBeenCalledWith({ kind: 'post', id: 7, authorId: 2 });
    expect(actions.openShare).toHaveBeenCalledWith({ kind: 'post', id: 7 });
    expect(screen.getByRole('link', { name: '@maya' })).toHaveAttribute('href', '/profile/maya');
    expect(screen.getByRole('link', { name: '#Neon' })).toHaveAttribute('href', '/explore/tags/neon');
    expect(screen.getByRole('link', { name: '#city' })).toHaveAttribute('href', '/explore/tags/city');
    // The feed's one request (the card asks who is signed in, to offer Delete on your own post).
    expect(apiCalls()).toHaveLength(1);
  });

  it("offers 'Support' on someone else's post, tipping its author for it, and none on your own", async () => {
    const user = userEvent.setup();
    const tips = { viewerId: 1, tip: vi.fn() };
    fetchMock.mockResolvedValueOnce(
      json([aPost(), aPost({ id: 8, caption: 'Mine', user: { id: 1, username: 'maya', displayName: 'Maya Chen', profileImage: null } })]),
    );
    renderWithApp(
      <TipActionsProvider value={tips}>
        <PostFeed />
      </TipActionsProvider>,
    );
    const mine = await screen.findByRole('article', { name: 'Post by Maya Chen' });
    expect(within(mine).queryByRole('button', { name: 'Support' })).not.toBeInTheDocument();
    const leos = screen.getByRole('article', { name: 'Post by Leo Park' });
    await user.click(within(leos).getByRole('button', { name: 'Support' }));
    expect(tips.tip).toHaveBeenCalledWith({
      recipient: expect.objectContaining({ id: 2, username: 'leo', displayName: 'Leo Park' }),
      postId: 7,
      reelId: undefined,
    });
  });

  it("offers muting, blocking and reporting someone else's post from its '⋯' menu, and only collections on your own", async () => {
    const user = userEvent.setup();
    const safety = { viewerId: 1, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
    fetchMock.mockResolvedValueOnce(
      json([aPost(), aPost({ id: 8, caption: 'Mine', user: { id: 1, username: 'maya', displayName: 'Maya Chen', profileImage: null } })]),
    );
    renderWithApp(
      <SafetyActionsProvider value={safety}>
        <PostFeed />
      </SafetyActionsProvider>,
    );
    const mine = await screen.findByRole('article', { name: 'Post by Maya Chen' });
    await user.click(within(mine).getByRole('button', { name: 'More options' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Save to collection']);
    await user.keyboard('{Escape}');

    const theirs = screen.getByRole('article', { name: 'Post by Leo Park' });
    await user.click(within(theirs).getByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Save to collection', 'Mute @leo', 'Block @leo', 'Report']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mute @leo' }));
    expect(safety.mute).toHaveBeenCalledWith({ id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(within(theirs).getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @leo' }));
    expect(safety.block).toHaveBeenCalledWith(expect.objectContaining({ id: 2, username: 'leo' }), expect.anything());

    await user.click(within(theirs).getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(safety.report).toHaveBeenCalledWith({ targetType: 'post', targetId: 7 }, expect.anything());
    // The feed's one request (the card asks who is signed in, to offer Delete on your own post).
    expect(apiCalls()).toHaveLength(1);
  });
});

describe('PostFeed', () => {
  it('shows an empty state when there are no posts', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderWithApp(<PostFeed />);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('loads the next page with the cursor from X-Next-Cursor', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json([aPost({ id: 9 })], { headers: { 'X-Next-Cursor': '9' } }));
    renderWithApp(<PostFeed />);
    await screen.findByRole('article');
    fetchMock.mockResolvedValueOnce(json([aPost({ id: 3, caption: 'Older work' })]));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('img', { name: 'Older work' })).toBeInTheDocument();
    expect(apiCalls().at(-1)?.[0]).toBe('/api/posts?before=9&limit=20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page by itself when the sentinel nears the viewport', async () => {
    const observers = stubIntersectionObserver();
    fetchMock.mockResolvedValueOnce(json([aPost({ id: 9 })], { headers: { 'X-Next-Cursor': '9' } }));
    renderWithApp(<PostFeed />);
    await screen.findByRole('article');
    fetchMock.mockResolvedValueOnce(json([aPost({ id: 3, caption: 'Scrolled into view' })]));
    await act(async () => observers.at(-1)?.([{ isIntersecting: true }]));
    expect(await screen.findByRole('img', { name: 'Scrolled into view' })).toBeInTheDocument();
    expect(apiCalls().at(-1)?.[0]).toBe('/api/posts?before=9&limit=20');
  });
});
