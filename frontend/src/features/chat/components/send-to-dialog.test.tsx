import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aChatUser, aConversation, aMessageFromMe, json, serveChat } from '@/test/chat';
import { me, renderWithApp } from '@/test/render';
import { chatKeys } from '../api/keys';
import { SendToDialog } from './send-to-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const conversations = [
  aConversation({ id: 10, other: aChatUser({ id: 2, username: 'leo', displayName: 'Leo Park' }) }),
  aConversation({ id: 11, other: aChatUser({ id: 3, username: 'ana', displayName: 'Ana Ruiz' }) }),
];

function renderDialog(kind: 'post' | 'reel' = 'post', share = () => json(aMessageFromMe({ messageType: kind, content: '' }), { status: 201 })) {
  const api = serveChat({
    'GET /api/conversations': () => json(conversations),
    [`POST /api/${kind}s/7/share`]: share,
  });
  const onShared = vi.fn();
  const onClose = vi.fn();
  const app = renderWithApp(<SendToDialog target={{ kind, id: 7 }} onClose={onClose} onShared={onShared} />, { user: me });
  return { ...app, api, onShared, onClose };
}

describe('SendToDialog', () => {
  it('lists the conversations, filters them, and sends the post into one with a toast', async () => {
    const { api, onShared, queryClient } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Send to…' });
    const list = await within(dialog).findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search conversations' }), 'an');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Send to Ana Ruiz' }));

    expect(await screen.findByText('Shared with Ana Ruiz.')).toBeInTheDocument();
    expect(api.calls('POST /api/posts/7/share')[0].body).toEqual({ conversationId: 11 });
    expect(within(dialog).getByRole('button', { name: 'Sent to Ana Ruiz' })).toBeInTheDocument();
    expect(onShared).toHaveBeenCalledWith({ kind: 'post', id: 7 });
    expect(queryClient.getQueryState(chatKeys.conversations())).toBeDefined();

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search conversations' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search conversations' }), 'zzz');
    expect(within(dialog).getByText('No conversations found')).toBeInTheDocument();
  });

  it("shares a reel through the reels' path, and says the server's reason when it refuses", async () => {
    const { api } = renderDialog('reel', () =>
      new Response(JSON.stringify({ message: 'Conversation not found', code: 'not_found' }), { status: 404 }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send to Leo Park' }));
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    expect(api.calls('POST /api/reels/7/share')[0].body).toEqual({ conversationId: 10 });
    expect(screen.getByRole('button', { name: 'Send to Leo Park' })).toBeEnabled();
  });

  it("copies the post's address with Copy link", async () => {
    renderDialog();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/7`));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('copies a reel as the pager opened at it', async () => {
    renderDialog('reel');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/reels?reel=7`));
  });
});
