import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { CallProvider } from '@/features/calls/components/call-provider';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { aChatUser, aConversation, aMessage, aMessageFromMe, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import { BottomNav } from '../layout/bottom-nav';
import ChatPage from './chat';

const leo = aChatUser();
const ana = aChatUser({ id: 3, username: 'ana', displayName: 'Ana Silva' });

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's side: unread messages per conversation, cleared by a read. */
function serveUnread(unread: Record<number, number>, messages: Record<number, ReturnType<typeof aMessage>[]>) {
  return serveChat({
    'GET /api/conversations': () =>
      json([
        aConversation({ id: 10, other: leo, unreadCount: unread[10] ?? 0, lastMessage: messages[10]?.at(-1) ?? null }),
        aConversation({ id: 11, other: ana, unreadCount: unread[11] ?? 0, lastMessage: messages[11]?.at(-1) ?? null }),
      ]),
    'GET /api/conversations/unread-count': () => json({ count: Object.values(unread).reduce((a, b) => a + b, 0) }),
    'GET /api/conversations/10/messages': () => json(messages[10] ?? []),
    'GET /api/conversations/11/messages': () => json(messages[11] ?? []),
    'POST /api/conversations/10/read': () => {
      unread[10] = 0;
      return new Response(null, { status: 204 });
    },
    'POST /api/conversations/11/read': () => {
      unread[11] = 0;
      return new Response(null, { status: 204 });
    },
  });
}

function renderChat(path = '/chat') {
  const result = renderWithApp(
    withRealtime(
      <CallProvider>
        <ChatSync />
        <Switch>
          <Route path="/chat/:conversationId?" component={ChatPage} />
        </Switch>
        <BottomNav user={me} />
      </CallProvider>,
    ),
    { path, user: me },
  );
  return { ...result, socket: openSocket() };
}

/** Two panes (from 768 px): the list stays beside the open conversation. */
function wide() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 768px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const messagesTab = () => within(screen.getByTestId('bottom-nav')).getByRole('link', { name: /^Messages/ });
const entry = (name: string) => within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('link', { name: new RegExp(name) });

describe('unread messages', () => {
  it("shows each conversation's unread count in a pill, its name bold, and the total on the Messages tab", async () => {
    serveUnread({ 10: 2 }, { 10: [aMessage({ id: 1, conversationId: 10 }), aMessage({ id: 2, conversationId: 10, content: 'Still there?' })] });
    renderChat();
    await screen.findByRole('link', { name: /Leo Park/ });
    await waitFor(() => expect(messagesTab()).toHaveAccessibleName('Messages 2 unread'));
    expect(messagesTab()).toHaveTextContent('2');

    const leoEntry = await screen.findByRole('link', { name: /Leo Park/ });
    expect(leoEntry).toHaveAccessibleName(/Still there\?.*2 unread messages$/);
    expect(within(leoEntry).getByText('Leo Park')).toHaveClass('font-bold');
    expect(entry('Ana Silva')).not.toHaveAccessibleName(/unread/);
  });

  it('marks the unread count on the avatar when the list is collapsed to its strip', async () => {
    serveUnread({ 10: 2 }, { 10: [aMessage({ id: 1, conversationId: 10 }), aMessage({ id: 2, conversationId: 10 })] });
    wide();
    renderChat();
    await screen.findByRole('link', { name: /Leo Park/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collapse conversations' }));

    const strip = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(strip).getByRole('link', { name: 'Leo Park, 2 unread messages' })).toHaveTextContent('2');
    expect(within(strip).getByRole('link', { name: 'Ana Silva' })).toHaveTextContent('');
  });

  it('opening a conversation reads it: the pointer moves to the newest message, the pill and the total clear', async () => {
    const { calls } = serveUnread({ 10: 2 }, { 10: [aMessage({ id: 1, conversationId: 10 }), aMessage({ id: 2, conversationId: 10 }), aMessageFromMe({ id: 3, conversationId: 10 })] });
    wide();
    renderChat();
    await userEvent.setup().click(await screen.findByRole('link', { name: /Leo Park/ }));

    await waitFor(() => expect(calls('POST /api/conversations/10/read').map((c) => c.body)).toEqual([{ messageId: 3 }]));
    await waitFor(() => expect(messagesTab()).toHaveAccessibleName('Messages'));
    expect(entry('Leo Park')).not.toHaveAccessibleName(/unread/);
  });

  it('reads each message of theirs that arrives while open and shown, and none of yours', async () => {
    const { calls } = serveUnread({}, { 10: [aMessage({ id: 1, conversationId: 10 })] });
    const { socket } = renderChat('/chat/10');
    await screen.findByRole('list', { name: 'Messages' });
    // Nothing was unread: opening sends nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(calls('POST /api/conversations/10/read')).toEqual([]);

    socket.receive({ type: 'newMessage', message: aMessageFromMe({ id: 5, conversationId: 10, content: 'Mine' }) });
    await screen.findByText('Mine');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(calls('POST /api/conversations/10/read')).toEqual([]);

    socket.receive({ type: 'newMessage', message: aMessage({ id: 6, conversationId: 10, content: 'Theirs' }) });
    await waitFor(() => expect(calls('POST /api/conversations/10/read').map((c) => c.body)).toEqual([{ messageId: 6 }]));
  });

  it('waits for a hidden page to be shown before reading', async () => {
    const { calls } = serveUnread({}, { 10: [aMessage({ id: 1, conversationId: 10 })] });
    let state: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const { socket } = renderChat('/chat/10');
    await screen.findByRole('list', { name: 'Messages' });

    socket.receive({ type: 'newMessage', message: aMessage({ id: 7, conversationId: 10, content: 'While away' }) });
    await screen.findByText('While away');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(calls('POST /api/conversations/10/read')).toEqual([]);

    state = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(calls('POST /api/conversations/10/read').map((c) => c.body)).toEqual([{ messageId: 7 }]));
  });

  /** Leo's conversation open on a wide screen; Ana's message to conversation 11 arrives, counted unread by the server. */
  async function anaWritesMeanwhile() {
    const unread: Record<number, number> = {};
    serveUnread(unread, { 10: [aMessage({ id: 1, conversationId: 10 })] });
    wide();
    const { socket } = renderChat('/chat/10');
    await screen.findByRole('link', { name: /Ana Silva/ });

    unread[11] = 1;
    const message = aMessage({ id: 8, conversationId: 11, sender: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImage: null }, content: 'Hi from Ana' });
    socket.receive({ type: 'newMessage', message });
    return { socket, message };
  }

  it("counts a message in another conversation: its pill goes up and the tab's total is fetched again", async () => {
    await anaWritesMeanwhile();

    await waitFor(() => expect(entry('Ana Silva')).toHaveAccessibleName(/Hi from Ana.*1 unread message$/));
    await waitFor(() => expect(messagesTab()).toHaveAccessibleName('Messages 1 unread'));
  });

  it('counts a message published twice once (a retried send whose first answer was lost)', async () => {
    const { socket, message: again } = await anaWritesMeanwhile();
    await waitFor(() => expect(entry('Ana Silva')).toHaveAccessibleName(/Hi from Ana.*1 unread message$/));
    socket.receive({ type: 'newMessage', message: again });

    await waitFor(() => expect(messagesTab()).toHaveAccessibleName('Messages 1 unread'));
    expect(entry('Ana Silva')).toHaveAccessibleName(/Hi from Ana.*1 unread message$/);
  });
});
