import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, deferred, json, me, renderWithApp } from '@/test/render';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { postKeys } from '../api/keys';
import { PostFeed } from './post-feed';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
/** What the DELETE answers. */
let deleteAnswer: () => Promise<Response>;
beforeEach(() => {
  deleteAnswer = async () => new Response(null, { status: 204 });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method === 'DELETE') return deleteAnswer();
    const url = String(input);
    if (url === '/api/auth/user') return json(me);
    return url.startsWith('/api/posts?') ? json([mine, theirs]) : json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
});

const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
afterEach(() => vi.unstubAllGlobals());

const mine = aPost({ id: 41, caption: 'My study', user: { id: me.id, username: me.username, displayName: me.displayName, profileImage: null } });
const theirs = aPost({ id: 42, caption: 'Their study' });

async function renderFeed(options: { path?: string } = {}) {
  const app = renderWithApp(<PostFeed />, { user: me, ...options });
  await screen.findAllByRole('article');
  return app;
}

describe('Deleting a post (issue 43)', () => {
  it('asks first, sends nothing on Cancel, and removes the post from the list once deleted', async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderFeed();
    const [card] = screen.getAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete post' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete post' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete post?' });
    const answer = deferred<Response>();
    deleteAnswer = () => answer.promise;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deletes()).toEqual([['/api/posts/41', expect.objectContaining({ method: 'DELETE' })]]);
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();

    await act(async () => answer.resolve(new Response(null, { status: 204 })));
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const cached = queryClient.getQueryData<{ pages: Array<{ items: Array<{ id: number }> }> }>(postKeys.feed());
    expect(cached?.pages[0].items.map((post) => post.id)).toEqual([42]);
  });

  it("offers no Delete on someone else's post", async () => {
    const user = userEvent.setup();
    await renderFeed();
    const [, card] = screen.getAllByRole('article');
    // Its menu has only what any post offers (no safety layer in this test).
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Save to collection']);
  });

  it('keeps the post and shows why when the server refuses', async () => {
    const user = userEvent.setup();
    await renderFeed();
    const [card] = screen.getAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete post' }));
    deleteAnswer = async () => json({ message: 'You cannot delete this post', code: 'forbidden' }, { status: 403 });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete this post');
    // Still listed (behind the dialog, hidden from the accessibility tree meanwhile).
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(2);
  });
});
