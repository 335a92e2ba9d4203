import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aChatUser, aConversation, aMessage, json, serveChat } from '@/test/chat';
import { me, renderWithApp } from '@/test/render';
import { flattenConversations } from '../api/cache';
import { chatKeys, type ConversationPages } from '../api/keys';
import { ConversationList } from './conversation-list';
import { RequestBar } from './request-bar';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stranger = aChatUser({ id: 5, username: 'sam', displayName: 'Sam Stone' });
const friend = aConversation({ id: 10, other: aChatUser({ id: 2, username: 'leo', displayName: 'Leo Park' }) });
const request = aConversation({
  id: 30,
  other: stranger,
  isRequest: true,
  unreadCount: 1,
  lastMessage: aMessage({ conversationId: 30, content: 'hi, loved your reel', sender: stranger }),
});

function serveLists() {
  return serveChat({
    'GET /api/conversations': (_, url) => json(url.searchParams.get('requests') === 'true' ? [request] : [friend]),
    'POST /api/conversations/30/accept': () => json({ ...request, isRequest: false }),
    'DELETE /api/conversations/30/request': () => new Response(null, { status: 204 }),
  });
}

describe('Message requests (issue 43)', () => {
  it('lists chats and, in their own tab, the requests', async () => {
    serveLists();
    renderWithApp(<ConversationList selectedId={null} newChat={null} />, { user: me });
    expect(await screen.findByText('Leo Park')).toBeInTheDocument();
    expect(screen.queryByText('Sam Stone')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Requests' }));

    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Sam Stone')).toBeInTheDocument();
    expect(within(panel).getByText('hi, loved your reel')).toBeInTheDocument();
    expect(within(panel).queryByText('Leo Park')).not.toBeInTheDocument();
  });

  it('Accept moves the request to the top of the inbox', async () => {
    const { calls } = serveLists();
    const { queryClient } = renderWithApp(<RequestBar conversationId={30} name="Sam Stone" />, { user: me });
    queryClient.setQueryData<ConversationPages>(chatKeys.conversations(), { pages: [{ items: [friend], nextCursor: null }], pageParams: [null] });
    queryClient.setQueryData<ConversationPages>(chatKeys.requests(), { pages: [{ items: [request], nextCursor: null }], pageParams: [null] });
    expect(screen.getByText(/wants to send you a message/)).toHaveTextContent("Sam Stone wants to send you a message. They won't know you've seen it until you accept.");

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(calls('POST /api/conversations/30/accept')).toHaveLength(1));
    await waitFor(() =>
      expect(flattenConversations(queryClient.getQueryData(chatKeys.conversations())).map((c) => c.id)).toEqual([30, 10]),
    );
    expect(flattenConversations(queryClient.getQueryData(chatKeys.requests()))).toEqual([]);
  });

  it('Delete asks first, then removes the request and goes back to the list', async () => {
    const { calls } = serveLists();
    const { queryClient, location } = renderWithApp(<RequestBar conversationId={30} name="Sam Stone" />, { user: me, path: '/chat/30' });
    queryClient.setQueryData<ConversationPages>(chatKeys.requests(), { pages: [{ items: [request], nextCursor: null }], pageParams: [null] });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete request?' });
    expect(dialog).toHaveTextContent("The conversation is removed for you. Sam Stone won't be told.");
    expect(calls('DELETE /api/conversations/30/request')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(calls('DELETE /api/conversations/30/request')).toHaveLength(1));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chat'));
    expect(flattenConversations(queryClient.getQueryData(chatKeys.requests()))).toEqual([]);
  });
});
