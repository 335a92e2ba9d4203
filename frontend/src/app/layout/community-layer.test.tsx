import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostFeed } from '@/features/posts/components/post-feed';
import { aComment } from '@/test/comments';
import { aConversation, aChatUser } from '@/test/chat';
import { aPost, json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import { CommunityLayer } from './community-layer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CommunityLayer', () => {
  it("opens a card's comments in a sheet, and a new comment moves the card's count at once", async () => {
    const api = serveApi({
      'GET /api/posts': () => json([aPost({ commentsCount: 1 })]),
      'GET /api/posts/7/comments': () => json([aComment({ content: 'First!' })]),
      'POST /api/posts/7/comments': () => json(aComment({ content: 'Second' }), { status: 201 }),
    });
    renderWithApp(
      <CommunityLayer>
        <PostFeed />
      </CommunityLayer>,
      { user: me },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comments' }));
    const sheet = screen.getByRole('dialog', { name: 'Comments' });
    await within(sheet).findByText('First!');
    await user.type(within(sheet).getByRole('combobox', { name: 'Add a comment' }), 'Second');
    await user.click(within(sheet).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getByTestId('comments-count')).toHaveTextContent('2 comments'));
    expect(api.calls('POST /api/posts/7/comments')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens Send to… from a card's paper plane", async () => {
    serveApi({
      'GET /api/posts': () => json([aPost()]),
      'GET /api/conversations': () => json([aConversation({ other: aChatUser() })]),
    });
    renderWithApp(
      <CommunityLayer>
        <PostFeed />
      </CommunityLayer>,
      { user: me },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Send to…' });
    expect(await within(dialog).findByRole('button', { name: 'Send to Leo Park' })).toBeInTheDocument();
  });
});
