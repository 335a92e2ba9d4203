import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { CallProvider } from '@/features/calls/components/call-provider';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { UserSearch } from '@/features/users/components/user-search';
import { userQueryKey } from '@/lib/query-keys';
import { aChatUser, aConversation, aMessage, aMessageFromMe, inbox, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { installMedia } from '@/test/media';
import { openSocket, withRealtime } from '@/test/realtime';
import { aProfile, deferred, me, renderWithApp } from '@/test/render';
import ChatPage from './chat';

const leo = aChatUser();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ana = aChatUser({ id: 3, username: 'ana', displayName: 'Ana Silva', isOnline: true });

/** The chat page inside the signed-in pieces it needs: the socket (a fake), the chat's sync and the calls. */
function renderChat(path = '/chat') {
  const result = renderWithApp(
    withRealtime(
      <CallProvider>
        <ChatSync />
        <Switch>
          <Route path="/chat/:conversationId?" component={ChatPage} />
          <Route path="/">Home</Route>
        </Switch>
      </CallProvider>,
    ),
    { path, user: me },
  );
  return { ...result, socket: openSocket() };
}

function wide(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(min-width: 768px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The bubble (list item) holding `text`. */
function bubble(text: string): HTMLElement {
  const item = within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(text));
  if (!item) throw new Error(`no message with "${text}"`);
  return item;
}

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the conversation list', () => {
  it("shows each conversation's other participant, online dot, last message ('Voice message' for voice) and time", async () => {
    serveChat({
      'GET /api/conversations': () =>
        json([
          aConversation({ id: 10, other: ana, lastMessage: aMessage({ conversationId: 10, content: 'See you soon' }) }),
          aConversation({
            id: 11,
            other: leo,
            lastMessage: aMessage({ conversationId: 11, messageType: 'voice', content: '', voiceUrl: '/media/v', duration: 4 }),
            lastActivityAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          }),
          aConversation({ id: 12, other: aChatUser({ id: 4, username: 'kim', displayName: 'Kim Lee' }) }),
        ]),
    });
    renderChat();
    const anaEntry = await screen.findByRole('link', { name: /Ana Silva/ });
    expect(anaEntry).toHaveAttribute('href', '/chat/10');
    expect(anaEntry).toHaveTextContent('See you soon');
    // To the minute (its last activity was 5 minutes ago): '5m' (issue 43).
    expect(anaEntry).toHaveTextContent('5m');
    expect(within(anaEntry).getByRole('img', { name: 'Online' })).toBeInTheDocument();

    const leoEntry = screen.getByRole('link', { name: /Leo Park/ });
    expect(leoEntry).toHaveTextContent('Voice message');
    expect(leoEntry).toHaveTextContent('3h');
    expect(within(leoEntry).queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Kim Lee/ })).toHaveTextContent('No messages yet');
    expect(screen.getByRole('link', { name: 'Voicemails' })).toHaveAttribute('href', '/voicemail');
  });

  it('loads older conversations with the X-Next-Cursor', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': (_, url) =>
        url.searchParams.get('before') === '10'
          ? json([aConversation({ id: 9, other: ana })])
          : json([aConversation({ id: 10, other: leo })], { headers: { 'X-Next-Cursor': '10' } }),
    });
    const user = userEvent.setup();
    renderChat();
    await screen.findByRole('link', { name: /Leo Park/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Ana Silva/ })).toBeInTheDocument();
    expect(calls('GET /api/conversations').map((c) => c.url.search)).toEqual(['?limit=20', '?before=10&limit=20']);
  });
});

describe('the layout', () => {
  const routes = () => ({
    'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
    'GET /api/conversations/10/messages': () => json([aMessage({ content: 'Hello Maya' })]),
  });

  it('on a narrow screen shows either the list or the chat, with a back button to the list', async () => {
    serveChat(routes());
    const user = userEvent.setup();
    const { location } = renderChat();
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'single-pane');
    await user.click(await screen.findByRole('link', { name: /Leo Park/ }));
    expect(location.history?.at(-1)).toBe('/chat/10');
    expect(await screen.findByText('Hello Maya')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(location.history?.at(-1)).toBe('/chat');
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByText('Hello Maya')).not.toBeInTheDocument();
  });

  it('from 768 px shows both panes, the empty state, and collapses the list to a strip of 8 avatars', async () => {
    wide(true);
    const many = Array.from({ length: 10 }, (_, i) =>
      aConversation({ id: 20 + i, other: aChatUser({ id: 100 + i, username: `u${i}`, displayName: `User ${i}` }) }),
    );
    serveChat({ 'GET /api/conversations': () => json(many) });
    const user = userEvent.setup();
    renderChat();
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'two-pane');
    expect(screen.getByText('Select a conversation to start messaging')).toBeInTheDocument();
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await within(list).findByRole('link', { name: /User 9/ });
    expect(screen.queryByRole('button', { name: 'Back to conversations' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse conversations' }));
    const strip = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(strip).getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `User ${i}`),
    );
    await user.click(screen.getByRole('button', { name: 'Expand conversations' }));
    expect(screen.getAllByRole('link', { name: /User/ })).toHaveLength(10);
  });
});

describe('an open conversation', () => {
  function serveOpen(extra: Parameters<typeof serveChat>[0] = {}, messages = [aMessage({ id: 1, content: 'Hello Maya' })]) {
    return serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json(messages),
      ...extra,
    });
  }

  it("heads the chat with the other user's name (a link to their profile) and their presence, kept live", async () => {
    serveOpen();
    const { socket } = renderChat('/chat/10');
    const name = await screen.findByRole('link', { name: 'Leo Park' });
    expect(name).toHaveAttribute('href', '/profile/leo');
    expect(screen.getByText('Last seen 3h ago')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open voicemails' })).toHaveAttribute('href', '/voicemail');
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeEnabled();

    socket.receive({ type: 'presence', userId: 2, isOnline: true, lastSeen: null });
    expect(await screen.findByText('Online')).toBeInTheDocument();
    socket.receive({ type: 'presence', userId: 2, isOnline: false, lastSeen: null });
    expect(await screen.findByText('Last seen a while ago')).toBeInTheDocument();
    // Someone else's presence changes nothing here.
    socket.receive({ type: 'presence', userId: 77, isOnline: true, lastSeen: null });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
  });

  it("keeps 'Last seen …' and the list's times current, to the minute", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    wide(true);
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    serveOpen({
      'GET /api/conversations': () =>
        json([aConversation({ id: 10, other: aChatUser({ lastSeen: minuteAgo }), lastActivityAt: minuteAgo })]),
    });
    renderChat('/chat/10');
    expect(await screen.findByText('Last seen 1m ago')).toBeInTheDocument();
    const entry = within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('link', { name: /Leo Park/ });
    expect(entry).toHaveTextContent('1m');

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Last seen 2m ago')).toBeInTheDocument();
    expect(entry).toHaveTextContent('2m');
  });

  it("calls the other participant from the header's voice call button", async () => {
    installMedia();
    serveOpen({ 'GET /api/rtc/config': () => json({ iceServers: [] }) });
    const { socket } = renderChat('/chat/10');
    fireEvent.click(await screen.findByRole('button', { name: 'Voice call' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('heading', { name: 'Leo Park' })).toBeInTheDocument();
    expect(within(sheet).getByText('Calling...')).toBeInTheDocument();
    await waitFor(() => expect(socket.sentTypes()).toContain('initiateCall'));
    expect(socket.sent.find((frame) => frame.type === 'initiateCall')).toMatchObject({ toUserId: 2, conversationId: 10 });
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('puts own messages on the right with a double check, and quotes the message a reply answers', async () => {
    serveOpen({}, [
      aMessage({ id: 1, content: 'Are you free later?' }),
      aMessageFromMe({
        id: 2,
        content: 'Yes, after six',
        replyToId: 1,
        replyTo: { id: 1, sender: { id: 2, displayName: 'Leo Park' }, content: 'Are you free later?', messageType: 'text' },
      }),
    ]);
    renderChat('/chat/10');
    await screen.findByText('Yes, after six');
    const mine = bubble('Yes, after six');
    expect(mine).toHaveAttribute('data-mine', 'true');
    expect(within(mine).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    const quote = within(mine).getByRole('blockquote');
    expect(quote).toHaveTextContent('Leo Park');
    expect(quote).toHaveTextContent('Are you free later?');
    expect(bubble('Are you free later?')).toHaveAttribute('data-mine', 'false');
    expect(within(bubble('Are you free later?')).queryByRole('img', { name: 'Sent' })).not.toBeInTheDocument();
  });

  it('loads earlier messages with the X-Next-Cursor and puts them above', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': (_, url) =>
        url.searchParams.get('before') === '5'
          ? json([aMessage({ id: 3, content: 'Much older' })])
          : json([aMessage({ id: 5, content: 'Newest' })], { headers: { 'X-Next-Cursor': '5' } }),
    });
    const user = userEvent.setup();
    renderChat('/chat/10');
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Much older');
    const texts = within(screen.getByRole('list', { name: 'Messages' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts[0]).toContain('Much older');
    expect(texts[1]).toContain('Newest');
    expect(calls('GET /api/conversations/10/messages').map((c) => c.url.search)).toEqual(['?limit=30', '?before=5&limit=30']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  // jsdom lays nothing out, so the picker's virtualised grid shows no emoji to click here.
  it('opens the emoji picker on demand with its search box, and closes it on Escape', { timeout: 20_000 }, async () => {
    serveOpen();
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    const toggle = screen.getByRole('button', { name: 'Emoji' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const search = await screen.findByPlaceholderText('Search', {}, { timeout: 10_000 });
    await user.click(search);
    await user.keyboard('{Escape}');
    expect(screen.queryByPlaceholderText('Search')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles reactions through the endpoint, from the quick actions and from a chip', async () => {
    const { calls } = serveOpen(
      {
        'POST /api/conversations/10/messages/1/reactions': (body) =>
          json(
            aMessage({
              id: 1,
              content: 'Hello Maya',
              reactions: (body as { emoji: string }).emoji === '❤️' ? [{ emoji: '❤️', count: 1, reactedByMe: true }] : [],
            }),
          ),
      },
      [aMessage({ id: 1, content: 'Hello Maya', reactions: [{ emoji: '👍', count: 2, reactedByMe: true }] })],
    );
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    const chip = within(bubble('Hello Maya')).getByRole('button', { name: '👍 2' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip);
    await waitFor(() => expect(calls('POST /api/conversations/10/messages/1/reactions')).toHaveLength(1));
    expect(calls('POST /api/conversations/10/messages/1/reactions')[0].body).toEqual({ emoji: '👍' });

    await user.click(within(bubble('Hello Maya')).getByRole('button', { name: 'React with heart' }));
    await waitFor(() =>
      expect(within(bubble('Hello Maya')).getByRole('button', { name: '❤️ 1' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(calls('POST /api/conversations/10/messages/1/reactions')[1].body).toEqual({ emoji: '❤️' });
  });

  it('refetches the messages when the socket reports a reaction', async () => {
    const { calls } = serveOpen();
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    socket.receive({ type: 'reaction', conversationId: 10, messageId: 1, userId: 2, emoji: '❤️', added: true });
    await waitFor(() => expect(calls('GET /api/conversations/10/messages')).toHaveLength(2));
  });

  it("copies a message and says 'Copied!'", async () => {
    serveOpen();
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    await user.click(within(bubble('Hello Maya')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Message copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Hello Maya');
  });

  it('offers no Copy on a voice message, which has no text to copy', async () => {
    serveOpen({}, [
      aMessage({ id: 1, content: 'Hello Maya' }),
      aMessage({ id: 2, messageType: 'voice', content: '', voiceUrl: '/media/v', duration: 4 }),
    ]);
    renderChat('/chat/10');
    await screen.findByText('Voice message (4s)');
    expect(within(bubble('Voice message (4s)')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(within(bubble('Voice message (4s)')).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(within(bubble('Hello Maya')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('replies: the target shows above the composer, can be cleared, and is sent as replyToId', async () => {
    const { calls } = serveOpen({
      'POST /api/conversations/10/messages': () =>
        json(
          aMessageFromMe({
            id: 3,
            content: 'Sure',
            replyToId: 1,
            replyTo: { id: 1, sender: { id: 2, displayName: 'Leo Park' }, content: 'Hello Maya', messageType: 'text' },
          }),
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');

    await user.click(within(bubble('Hello Maya')).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Replying to Leo Park');
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText(/Replying to/)).not.toBeInTheDocument();

    await user.click(within(bubble('Hello Maya')).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sure{Enter}');
    await waitFor(() => expect(calls('POST /api/conversations/10/messages')).toHaveLength(1));
    expect(calls('POST /api/conversations/10/messages')[0].body).toEqual({ content: 'Sure', messageType: 'text', replyToId: 1 });
    expect(screen.queryByText(/Replying to/)).not.toBeInTheDocument();
    expect(await within(bubble('Sure')).findByRole('blockquote')).toHaveTextContent('Hello Maya');
  });
});

describe('sending', () => {
  function serveSend(send: () => Response | Promise<Response>) {
    return serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
      'POST /api/conversations/10/messages': send,
    });
  }

  it('sends on Enter, not on Shift+Enter, and only when the text is not blank', async () => {
    const { calls } = serveSend(() => json(aMessageFromMe({ id: 2, content: 'Line one\nLine two' }), { status: 201 }));
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    const box = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(box).toHaveAttribute('placeholder', 'Message...');
    expect(send).toBeDisabled();

    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(calls('POST /api/conversations/10/messages')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(calls('POST /api/conversations/10/messages')).toHaveLength(0);
    expect(send).toBeEnabled();

    await user.type(box, '{Enter}');
    expect(box).toHaveValue('');
    await waitFor(() => expect(calls('POST /api/conversations/10/messages')).toHaveLength(1));
    expect(calls('POST /api/conversations/10/messages')[0].body).toEqual({ content: 'Line one\nLine two', messageType: 'text' });
  });

  it('shows the message at once while it is sent, then once as sent even when the socket brings it too', async () => {
    const answer = deferred<Response>();
    serveSend(() => answer.promise);
    const user = userEvent.setup();
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way{Enter}');

    expect(within(bubble('On my way')).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    const sent = aMessageFromMe({ id: 2, content: 'On my way' });
    socket.receive({ type: 'newMessage', conversationId: 10, message: sent });
    await act(async () => answer.resolve(json(sent, { status: 201 })));
    await waitFor(() => expect(within(bubble('On my way')).getByRole('img', { name: 'Sent' })).toBeInTheDocument());
    expect(screen.getAllByText('On my way')).toHaveLength(1);
  });

  it("keeps a failed message with 'Retry', toasts 'Failed to send message', and Retry sends it again with its Idempotency-Key", async () => {
    let attempts = 0;
    const { calls } = serveSend(() => {
      attempts += 1;
      if (attempts === 1) return new Response('{"message":"boom","code":"internal"}', { status: 500 });
      return attempts === 2
        ? json(aMessageFromMe({ id: 2, content: 'Try me' }), { status: 201 })
        : json(aMessageFromMe({ id: 3, content: 'And me' }), { status: 201 });
    });
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Try me{Enter}');

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    const failed = bubble('Try me');
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(within(failed).getByRole('img', { name: 'Not sent' })).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubble('Try me')).toHaveAttribute('data-status', 'sent'));
    expect(calls('POST /api/conversations/10/messages').map((c) => c.body)).toEqual([
      { content: 'Try me', messageType: 'text' },
      { content: 'Try me', messageType: 'text' },
    ]);
    // The same key: had the first send been stored (its answer lost), the server answers it.
    const [first, retried] = calls('POST /api/conversations/10/messages').map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(UUID);
    expect(retried).toBe(first);
    expect(screen.getAllByText('Try me')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    // Another message is another key.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'And me{Enter}');
    await waitFor(() => expect(calls('POST /api/conversations/10/messages')).toHaveLength(3));
    expect(calls('POST /api/conversations/10/messages')[2].headers['Idempotency-Key']).toMatch(UUID);
    expect(calls('POST /api/conversations/10/messages')[2].headers['Idempotency-Key']).not.toBe(first);
  });

  it('fails at once, with Retry, while the socket is down', async () => {
    const { calls } = serveSend(() => json(aMessageFromMe({ id: 2, content: 'Offline note' }), { status: 201 }));
    const user = userEvent.setup();
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    socket.drop();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Offline note{Enter}');
    expect(await within(bubble('Offline note')).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Failed to send message')).toBeInTheDocument();
    expect(calls('POST /api/conversations/10/messages')).toHaveLength(0);
  });
});

describe('a conversation where one of the two blocked the other', () => {
  it("stays readable, with \"You can't message this account\" in place of the composer and no call button", async () => {
    serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo, isBlocked: true })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    renderChat('/chat/10');
    expect(await screen.findByText('Hello Maya')).toBeInTheDocument();
    expect(screen.getByText("You can't message this account")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record voice message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voice call' })).not.toBeInTheDocument();
    // Nothing to reply into or react with either (the server refuses both); Copy stays.
    expect(within(bubble('Hello Maya')).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(bubble('Hello Maya')).queryByRole('button', { name: 'React with heart' })).not.toBeInTheDocument();
    expect(within(bubble('Hello Maya')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leo Park' })).toHaveAttribute('href', '/profile/leo');
  });

  it("takes the composer away when a send is refused with 403, refetching the conversations", async () => {
    let blocked = false;
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo, isBlocked: blocked })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
      'POST /api/conversations/10/messages': () => {
        blocked = true;
        return new Response('{"message":"You can\'t message this account","code":"forbidden"}', { status: 403 });
      },
    });
    const user = userEvent.setup();
    renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Still there?{Enter}');

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument());
    // The toast gives the server's reason, and the line stands where the composer was.
    expect(screen.getAllByText("You can't message this account")).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Voice call' })).not.toBeInTheDocument();
    expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(2);
    expect(bubble('Still there?')).toHaveAttribute('data-status', 'failed');
  });
});

describe('realtime', () => {
  it('appends a new message from the socket once, and moves its conversation up with it', async () => {
    wide(true);
    serveChat({
      'GET /api/conversations': () =>
        json([aConversation({ id: 11, other: ana }), aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    const incoming = aMessage({ id: 2, content: 'Did you see it?', createdAt: new Date().toISOString() });
    socket.receive({ type: 'newMessage', conversationId: 10, message: incoming });
    socket.receive({ type: 'newMessage', conversationId: 10, message: incoming });
    expect(await screen.findByText('Did you see it?', { selector: 'ol p' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(2);

    const entries = within(screen.getByRole('navigation', { name: 'Conversations' }))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/chat/'));
    expect(entries[0]).toHaveTextContent('Leo Park');
    expect(entries[0]).toHaveTextContent('Did you see it?');
  });

  it('shows three dots while the other user types, until stopTyping or their message', async () => {
    serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    expect(screen.getByRole('status', { name: 'Typing' })).toBeInTheDocument();
    socket.receive({ type: 'stopTyping', conversationId: 10, userId: 2 });
    expect(screen.queryByRole('status', { name: 'Typing' })).not.toBeInTheDocument();

    socket.receive({ type: 'typing', conversationId: 99, userId: 2 });
    expect(screen.queryByRole('status', { name: 'Typing' })).not.toBeInTheDocument();
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    expect(screen.getByRole('status', { name: 'Typing' })).toBeInTheDocument();
    socket.receive({ type: 'newMessage', conversationId: 10, message: aMessage({ id: 2, content: 'Done' }) });
    expect(screen.queryByRole('status', { name: 'Typing' })).not.toBeInTheDocument();
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('refetches the list and the open messages after a reconnect', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    const { socket } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(1);
    expect(calls('GET /api/conversations/10/messages')).toHaveLength(1);

    socket.drop();
    // The first retry waits 1 s less 20 % (the jitter source is pinned to 0 here).
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 1500 });
    FakeWebSocket.latest().open();
    await waitFor(() => expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(2));
    await waitFor(() => expect(calls('GET /api/conversations/10/messages')).toHaveLength(2));
  });

  it('refetches the list when a conversation update comes without the conversation (an older instance)', async () => {
    const { calls } = serveChat({ 'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]) });
    const { socket } = renderChat();
    await screen.findByRole('link', { name: /Leo Park/ });
    socket.receive({ type: 'conversationUpdated', conversationId: 10 });
    await waitFor(() => expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(2));
  });

  it('drops a one-to-one conversation left on another device, and shows the list if it was open', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo }), aConversation({ id: 11, other: ana })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    const { socket, location } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    socket.receive({ type: 'conversationUpdated', conversationId: 10, conversation: null });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chat'));
    expect(await screen.findByText('You left this conversation on another device.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Leo Park/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ana Silva/ })).toBeInTheDocument();
    // The answer is in the event: nothing is fetched again.
    expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(1);
  });
});

async function openNewChat() {
  const user = userEvent.setup();
  const result = renderChat();
  await user.click(screen.getByRole('button', { name: 'Start New Chat' }));
  return { user, ...result };
}

const noConversations = { 'GET /api/conversations': () => json([]) };

describe('the new chat dialog', () => {
  it('hints before a search and says when nobody matches', async () => {
    const { calls } = serveChat({ ...noConversations, 'GET /api/search/users': () => json([]) });
    const { user } = await openNewChat();
    expect(screen.getByRole('dialog', { name: 'Start New Chat' })).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Search users...');
    expect(screen.getByText('Start typing to search for users')).toBeInTheDocument();

    await user.type(box, '  ');
    expect(screen.getByText('Start typing to search for users')).toBeInTheDocument();
    await user.type(box, 'zz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(calls('GET /api/search/users').map((c) => c.url.search)).toEqual(['?q=zz']);
  });

  it("toasts 'Failed to search users' when the search fails", async () => {
    serveChat({ ...noConversations, 'GET /api/search/users': () => new Response('oops', { status: 500 }) });
    const { user } = await openNewChat();
    await user.type(screen.getByPlaceholderText('Search users...'), 'leo');
    expect(await screen.findByText('Failed to search users')).toBeInTheDocument();
  });

  it("on a 401 from the search says 'Session Expired' (not 'Failed to search users'), then goes to /", async () => {
    serveChat({ ...noConversations, 'GET /api/search/users': () => new Response('{"message":"Not signed in"}', { status: 401 }) });
    const { user, location, queryClient } = await openNewChat();
    await user.type(screen.getByPlaceholderText('Search users...'), 'leo');
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please log in again to continue.')).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'), { timeout: 1500 });
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    expect(screen.queryByText('Failed to search users')).not.toBeInTheDocument();
  });

  it("leaves other screens' user search alone: a 401 there is not the chat's", async () => {
    serveChat({ 'GET /api/search/users': () => new Response('{"message":"Not signed in"}', { status: 401 }) });
    const user = userEvent.setup();
    const { location } = renderWithApp(
      withRealtime(
        <>
          <ChatSync />
          <UserSearch currentUserId={me.id} />
        </>,
      ),
      { path: '/explore', user: me },
    );
    openSocket();
    await user.type(screen.getByPlaceholderText('Search users, tags, or locations...'), 'leo');
    expect(await screen.findByText('Failed to search users')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/explore');
  });

  it('starts a conversation with the chosen user and opens it', async () => {
    const { calls } = serveChat({
      ...noConversations,
      'GET /api/search/users': () => json([aProfile(), aProfile({ id: me.id, username: 'maya', displayName: 'Maya Chen' })]),
      'POST /api/conversations': () => json(aConversation({ id: 42, other: aChatUser() }), { status: 201 }),
    });
    const { user, location } = await openNewChat();
    await user.type(screen.getByPlaceholderText('Search users...'), 'a');
    const leo = await screen.findByRole('button', { name: /Leo Park/ });
    // Yourself is not offered.
    expect(screen.queryByRole('button', { name: /Maya Chen/ })).not.toBeInTheDocument();
    await user.click(leo);
    await waitFor(() => expect(calls('POST /api/conversations')).toHaveLength(1));
    expect(calls('POST /api/conversations')[0].body).toEqual({ otherUserId: 2 });
    expect(await screen.findByText('Conversation started!')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/chat/42');
    expect(screen.queryByRole('dialog', { name: 'Start New Chat' })).not.toBeInTheDocument();
  });

  it("says 'Failed to start conversation' when the server refuses", async () => {
    serveChat({
      ...noConversations,
      'GET /api/search/users': () => json([aProfile()]),
      'POST /api/conversations': () => new Response('{"message":"User not found"}', { status: 404 }),
    });
    const { user, location } = await openNewChat();
    await user.type(screen.getByPlaceholderText('Search users...'), 'leo');
    await user.click(await screen.findByRole('button', { name: /Leo Park/ }));
    expect(await screen.findByText('Failed to start conversation')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/chat');
  });
});

describe('leaving and session expiry', () => {
  it("leaves once asked: 'Left Chat', the conversation drops from the list and the selection clears", async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo }), aConversation({ id: 11, other: ana })]),
      'GET /api/conversations/10/messages': () => json([]),
      'DELETE /api/conversations/10/participants/me': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { location } = renderChat('/chat/10');
    await user.click(await screen.findByRole('button', { name: 'Chat details' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave chat' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave this chat?' });
    expect(dialog).toHaveAccessibleDescription('It leaves your list; a new message from Leo Park brings it back.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Left Chat')).toBeInTheDocument();
    expect(screen.getByText('You have left the conversation')).toBeInTheDocument();
    expect(calls('DELETE /api/conversations/10/participants/me')).toHaveLength(1);
    expect(location.history?.at(-1)).toBe('/chat');
    expect(await screen.findByRole('link', { name: /Ana Silva/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Leo Park/ })).not.toBeInTheDocument();
  });

  it("keeps the chat on Cancel: nothing is sent and focus goes back to 'Chat details'", async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([]),
      'DELETE /api/conversations/10/participants/me': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { location } = renderChat('/chat/10');
    // Leaving is no longer a button of its own beside the call button.
    await screen.findByRole('button', { name: 'Chat details' });
    expect(screen.queryByRole('button', { name: 'Leave chat' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat details' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave chat' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Leave this chat?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat details' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Chat details' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave chat' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    expect(calls('DELETE /api/conversations/10/participants/me')).toHaveLength(0);
    expect(location.history?.at(-1)).toBe('/chat/10');
    expect(screen.getByRole('link', { name: /Leo Park/ })).toBeInTheDocument();
  });

  it("on a 401 says 'Session Expired', then after 1 s goes to / and clears the session", async () => {
    serveChat({
      'GET /api/conversations': () => new Response('{"message":"Not signed in","code":"unauthorized"}', { status: 401 }),
    });
    const { location, queryClient } = renderChat();
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please log in again to continue.')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/chat');
    expect(queryClient.getQueryData(userQueryKey)).toEqual(me);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'), { timeout: 1500 });
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
  });
});
