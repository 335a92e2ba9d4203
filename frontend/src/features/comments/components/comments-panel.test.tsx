import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/auth';
import { SafetyActionsProvider } from '@/lib/safety-actions';
import { aComment } from '@/test/comments';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import type { MentionCandidate } from './comment-composer';
import { CommentsPanel } from './comments-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noMentions = () => ({ data: [] as MentionCandidate[] });

function renderPanel({
  authorId = 2,
  viewer = me,
  useMentionSearch = noMentions,
}: {
  authorId?: number;
  viewer?: User;
  useMentionSearch?: (q: string) => { data?: MentionCandidate[] };
} = {}) {
  const onCountChange = vi.fn<(delta: number) => void>();
  const app = renderWithApp(
    <CommentsPanel
      target={{ kind: 'post', id: 7, authorId }}
      useMentionSearch={useMentionSearch}
      onCountChange={onCountChange}
    />,
    { user: viewer },
  );
  return { ...app, onCountChange };
}

const texts = () =>
  within(screen.getByRole('list', { name: 'Comments' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label') + ': ' + a.querySelector('p')!.textContent);

describe('CommentsPanel', () => {
  it('shows the newest page oldest first and loads older ones above with ?before=', async () => {
    const api = serveApi({
      'GET /api/posts/7/comments': ({ url }) =>
        url.searchParams.get('before') === '11'
          ? json([aComment({ id: 9, content: 'first!' }), aComment({ id: 10, content: 'second' })])
          : json([aComment({ id: 11, content: 'third' }), aComment({ id: 12, content: 'fourth' })], {
              headers: { 'X-Next-Cursor': '11' },
            }),
    });
    renderPanel();
    await screen.findByRole('list', { name: 'Comments' });
    expect(texts()).toEqual(['Comment by leo: leothird', 'Comment by leo: leofourth']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'View older comments' }));
    await waitFor(() => expect(texts()).toHaveLength(4));
    expect(texts()[0]).toBe('Comment by leo: leofirst!');
    expect(api.calls('GET /api/posts/7/comments').map((c) => c.url.search)).toEqual(['?limit=20', '?before=11&limit=20']);
    expect(screen.queryByRole('button', { name: 'View older comments' })).not.toBeInTheDocument();
  });

  it("opens a comment's replies with 'View replies (n)'", async () => {
    serveApi({
      'GET /api/posts/7/comments': () => json([aComment({ id: 20, content: 'top', repliesCount: 2 })]),
      'GET /api/comments/20/replies': () =>
        json([
          aComment({ id: 21, parentId: 20, content: 'reply one' }),
          aComment({ id: 22, parentId: 20, content: 'reply two', user: { id: 3, username: 'ana', displayName: 'Ana', profileImageUrl: null } }),
        ]),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View replies (2)' }));
    const replies = await screen.findByRole('list', { name: 'Replies to leo' });
    expect(within(replies).getByText('reply one')).toBeInTheDocument();
    expect(within(replies).getByText('reply two')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(screen.queryByRole('list', { name: 'Replies to leo' })).not.toBeInTheDocument();
  });

  it('shows a new comment at once and keeps the server copy', async () => {
    const answer = deferred<Response>();
    const api = serveApi({
      'GET /api/posts/7/comments': () => json([aComment({ id: 30, content: 'hello' })]),
      'POST /api/posts/7/comments': () => answer.promise,
    });
    const { onCountChange } = renderPanel();
    const user = userEvent.setup();
    await screen.findByText('hello');
    await user.type(screen.getByRole('combobox', { name: 'Add a comment' }), '  so #good @leo  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Posting…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#good' })).toHaveAttribute('href', '/explore/tags/good');
    expect(onCountChange).toHaveBeenCalledWith(1);
    expect(api.calls('POST /api/posts/7/comments')[0].body).toEqual({ content: 'so #good @leo' });
    await act(async () => answer.resolve(json(aComment({ id: 31, content: 'so #good @leo', user: { ...me, profileImageUrl: null } }), { status: 201 })));
    await waitFor(() => expect(screen.queryByText('Posting…')).not.toBeInTheDocument());
    expect(document.querySelector('[data-comment-id="31"]')).not.toBeNull();
  });

  it('takes a failed comment back out, says why in a toast, and puts the count back', async () => {
    const answer = deferred<Response>();
    serveApi({
      'GET /api/posts/7/comments': () => json([]),
      'POST /api/posts/7/comments': () => answer.promise,
    });
    const { onCountChange } = renderPanel();
    const user = userEvent.setup();
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Add a comment' }), 'will fail');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('will fail')).toBeInTheDocument();

    await act(async () => answer.resolve(apiError(400, 'Comment must be under 2200 characters')));
    expect(await screen.findByText('Comment must be under 2200 characters')).toBeInTheDocument();
    expect(screen.getByText('Comment not posted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('will fail')).not.toBeInTheDocument());
    expect(onCountChange.mock.calls).toEqual([[1], [-1]]);
  });

  it('replies into the thread: the name answered starts the text, the thread opens', async () => {
    const api = serveApi({
      'GET /api/posts/7/comments': () => json([aComment({ id: 40, content: 'top', repliesCount: 0 })]),
      'GET /api/comments/40/replies': () => json([]),
      'POST /api/posts/7/comments': ({ body }) =>
        json(aComment({ id: 41, parentId: 40, content: (body as { content: string }).content }), { status: 201 }),
    });
    renderPanel();
    const user = userEvent.setup();
    const top = await screen.findByRole('article', { name: 'Comment by leo' });
    await user.click(within(top).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Replying to @leo');
    const field = screen.getByRole('combobox', { name: 'Add a comment' });
    expect(field).toHaveValue('@leo ');
    expect(field).toHaveFocus();
    await user.type(field, 'thanks');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.calls('POST /api/posts/7/comments')).toHaveLength(1));
    expect(api.calls('POST /api/posts/7/comments')[0].body).toEqual({ content: '@leo thanks', parentId: 40 });
    expect(await screen.findByRole('button', { name: 'Hide replies' })).toBeInTheDocument();
  });

  it('likes a comment at once and takes the server count', async () => {
    serveApi({
      'GET /api/posts/7/comments': () => json([aComment({ id: 50, likesCount: 1 })]),
      'POST /api/comments/50/like': () => json({ isLiked: true, likesCount: 5 }),
    });
    renderPanel();
    const heart = await screen.findByRole('button', { name: 'Like comment' });
    expect(screen.getByText('1 like')).toBeInTheDocument();
    await userEvent.setup().click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('5 likes')).toBeInTheDocument();
  });

  describe('who sees Delete comment', () => {
    const comments = () =>
      json([
        aComment({ id: 60, content: 'mine', user: { id: me.id, username: me.username, displayName: me.displayName, profileImageUrl: null } }),
        aComment({ id: 61, content: 'theirs' }),
      ]);
    const deletable = () =>
      screen
        .getAllByRole('article')
        .filter((a) => within(a).queryByRole('button', { name: 'Delete comment' }))
        .map((a) => a.querySelector('p')!.textContent);

    it('the author of a comment, on their own comments only', async () => {
      serveApi({ 'GET /api/posts/7/comments': comments });
      renderPanel({ authorId: 2 });
      await screen.findByText('theirs');
      expect(deletable()).toEqual([`${me.username}mine`]);
    });

    it("the post's author, on every comment", async () => {
      serveApi({ 'GET /api/posts/7/comments': comments });
      renderPanel({ authorId: me.id });
      await screen.findByText('theirs');
      expect(deletable()).toEqual([`${me.username}mine`, 'leotheirs']);
    });

    it('an admin, on every comment', async () => {
      serveApi({ 'GET /api/posts/7/comments': comments });
      renderPanel({ authorId: 2, viewer: { ...me, isAdmin: true } });
      await screen.findByText('theirs');
      expect(deletable()).toHaveLength(2);
    });

    it('deleting, once confirmed, removes the comment and its replies from the count', async () => {
      serveApi({
        'GET /api/posts/7/comments': () => json([aComment({ id: 70, content: 'bye', repliesCount: 3 })]),
        'DELETE /api/comments/70': () => new Response(null, { status: 204 }),
      });
      const { onCountChange } = renderPanel({ authorId: me.id });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete comment?' });
      expect(dialog).toHaveAccessibleDescription('Its 3 replies go with it. This cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('bye')).not.toBeInTheDocument());
      expect(onCountChange).toHaveBeenCalledWith(-4);
      expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    });

    it("asks 'Delete comment?' first: Cancel sends nothing and keeps it", async () => {
      const { calls } = serveApi({
        'GET /api/posts/7/comments': () => json([aComment({ id: 75, content: 'second thoughts' })]),
        'DELETE /api/comments/75': () => new Response(null, { status: 204 }),
      });
      renderPanel({ authorId: me.id });
      const user = userEvent.setup();
      const bin = await screen.findByRole('button', { name: 'Delete comment' });
      await user.click(bin);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete comment?' });
      expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(bin).toHaveFocus();
      expect(calls('DELETE /api/comments/75')).toHaveLength(0);
      expect(screen.getByText('second thoughts')).toBeInTheDocument();
    });

    it("says the server's reason when it refuses", async () => {
      serveApi({
        'GET /api/posts/7/comments': () => json([aComment({ id: 80, content: 'stays' })]),
        'DELETE /api/comments/80': () => apiError(403, 'You cannot delete this comment'),
      });
      renderPanel({ authorId: me.id });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
      await user.click(within(screen.getByRole('alertdialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('You cannot delete this comment')).toBeInTheDocument();
      expect(screen.getByText('stays')).toBeInTheDocument();
    });
  });

  it("offers muting and blocking on someone else's comments and replies, not on your own, which you still delete", async () => {
    serveApi({
      'GET /api/posts/7/comments': () =>
        json([
          aComment({ id: 90, content: 'mine', user: { id: me.id, username: me.username, displayName: me.displayName, profileImageUrl: null } }),
          aComment({ id: 91, content: 'theirs', repliesCount: 1 }),
        ]),
      'GET /api/comments/91/replies': () =>
        json([aComment({ id: 92, parentId: 91, content: 'a reply', user: { id: 3, username: 'ana', displayName: 'Ana', profileImageUrl: null } })]),
    });
    const safety = { viewerId: me.id, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
    renderWithApp(
      <SafetyActionsProvider value={safety}>
        <CommentsPanel target={{ kind: 'post', id: 7, authorId: 2 }} useMentionSearch={noMentions} />
      </SafetyActionsProvider>,
      { user: me },
    );
    const user = userEvent.setup();
    const mine = (await screen.findByText('mine')).closest('article')!;
    expect(within(mine).queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();

    const theirs = screen.getByText('theirs').closest('article')!;
    await user.click(within(theirs).getAllByRole('button', { name: 'More options' })[0]);
    await user.click(screen.getByRole('menuitem', { name: 'Block @leo' }));
    expect(safety.block).toHaveBeenCalledWith(expect.objectContaining({ id: 2, username: 'leo' }), expect.anything());

    await user.click(within(theirs).getByRole('button', { name: 'View replies (1)' }));
    const replies = await screen.findByRole('list', { name: 'Replies to leo' });
    await user.click(within(replies).getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute @ana', 'Block @ana', 'Report']);
    await user.click(screen.getByRole('menuitem', { name: 'Mute @ana' }));
    expect(safety.mute).toHaveBeenCalledWith(expect.objectContaining({ id: 3, username: 'ana' }));

    await user.click(within(replies).getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(safety.report).toHaveBeenCalledWith({ targetType: 'comment', targetId: 92 }, expect.anything());
  });

  it('suggests accounts for an @mention and picks one with the keyboard', async () => {
    serveApi({ 'GET /api/posts/7/comments': () => json([]) });
    const searched: string[] = [];
    const useMentionSearch = (q: string) => {
      searched.push(q);
      return {
        data: q
          ? [
              { id: 5, username: 'leonie', displayName: 'Leonie Hart', profileImageUrl: null },
              { id: 6, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
            ]
          : [],
      };
    };
    renderPanel({ useMentionSearch });
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Add a comment' });
    await user.type(field, 'nice one @le');
    const list = await screen.findByRole('listbox', { name: 'Suggested accounts' });
    expect(searched).toContain('le');
    expect(within(list).getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('nice one @leo ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
