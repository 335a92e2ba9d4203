import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { CallProvider } from '@/features/calls/components/call-provider';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { aConversation, aGroup, aMessage, aMessageFromMe, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import ChatPage from './chat';

type Routes = Parameters<typeof serveChat>[0];

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // jsdom has none; a test that follows scrolling puts one in.
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

/** A voice message of Leo's in conversation 10. */
const aVoiceMessage = (overrides: Parameters<typeof aMessage>[0] = {}) =>
  aMessage({ messageType: 'voice', content: '', voiceUrl: '/media/voice-1.webm', duration: 4, ...overrides });

function renderChat(routes: Routes, path = '/chat/10') {
  const server = serveChat({
    'GET /api/conversations': () => json([aConversation({ id: 10 })]),
    'GET /api/conversations/unread-count': () => json({ count: 0 }),
    ...routes,
  });
  const result = renderWithApp(
    withRealtime(
      <CallProvider>
        <ChatSync />
        <Switch>
          <Route path="/chat/:conversationId?" component={ChatPage} />
        </Switch>
      </CallProvider>,
    ),
    { path, user: me },
  );
  return { ...result, ...server, socket: openSocket() };
}

/** The bubble (list item) of message `id`. */
function bubble(id: number): HTMLElement {
  const item = within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .find((li) => li.dataset.messageId === String(id));
  if (!item) throw new Error(`no message ${id}`);
  return item;
}

describe("a voice message's transcript (issue 47)", () => {
  it("says 'Transcribing…' under the bubble, then what it says once the transcript event comes", async () => {
    const { socket } = renderChat({
      'GET /api/conversations/10/messages': () => json([aVoiceMessage({ id: 1, transcribing: true }), aVoiceMessage({ id: 2, transcribing: true })]),
    });
    await screen.findByRole('list', { name: 'Messages' });
    const transcribing = await within(bubble(1)).findByText('Transcribing…');
    expect(transcribing.closest('[aria-live="polite"]')).not.toBeNull();
    // The player is still there, as it was.
    expect(within(bubble(1)).getByRole('button', { name: 'Play voice message' })).toBeInTheDocument();

    socket.receive({ type: 'transcript', kind: 'message', id: 1, conversationId: 10, transcript: 'Meet me at the mural at six' });
    expect(await within(bubble(1)).findByText('Meet me at the mural at six')).toBeInTheDocument();
    expect(within(bubble(1)).queryByText('Transcribing…')).not.toBeInTheDocument();
    expect(within(bubble(2)).getByText('Transcribing…')).toBeInTheDocument();
  });

  it("stops saying 'Transcribing…' and shows nothing when the transcription failed", async () => {
    const { socket } = renderChat({ 'GET /api/conversations/10/messages': () => json([aVoiceMessage({ id: 1, transcribing: true })]) });
    await screen.findByText('Transcribing…');
    socket.receive({ type: 'transcript', kind: 'message', id: 1, conversationId: 10, transcript: null });
    await waitFor(() => expect(screen.queryByText('Transcribing…')).not.toBeInTheDocument());
    expect(bubble(1).querySelector('[data-transcript]')).toBeNull();
    expect(within(bubble(1)).getByRole('button', { name: 'Play voice message' })).toBeInTheDocument();
  });

  it('shows a transcript the messages came with, and nothing for a voice message of silence', async () => {
    renderChat({
      'GET /api/conversations/10/messages': () =>
        json([aVoiceMessage({ id: 1, transcript: 'On my way' }), aVoiceMessage({ id: 2, transcript: '' })]),
    });
    expect(await within(await waitFor(() => bubble(1))).findByText('On my way')).toBeInTheDocument();
    expect(bubble(2).querySelector('[data-transcript]')).toBeNull();
  });

  it("leaves the messages alone on a voicemail's transcript event", async () => {
    const { socket } = renderChat({ 'GET /api/conversations/10/messages': () => json([aVoiceMessage({ id: 1, transcribing: true })]) });
    await screen.findByText('Transcribing…');
    socket.receive({ type: 'transcript', kind: 'voicemail', id: 1, conversationId: null, transcript: 'Not this one' });
    expect(screen.getByText('Transcribing…')).toBeInTheDocument();
    expect(screen.queryByText('Not this one')).not.toBeInTheDocument();
  });
});

describe("'Search in conversation' (issue 47)", () => {
  const loaded = [
    aMessage({ id: 1, content: 'Shall we paint the mural?' }),
    aMessageFromMe({ id: 2, content: 'Yes, Saturday' }),
    aVoiceMessage({ id: 3, transcript: 'The Mural wall is ready' }),
  ];

  async function openSearch(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Chat details' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Search in conversation' }));
    return screen.getByRole('searchbox', { name: 'Search in conversation' });
  }

  it('lists the messages found, newest first: who sent each, when, and its text or what it says, the words marked', async () => {
    const user = userEvent.setup();
    const { calls } = renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': () => json([loaded[2], loaded[0]]),
    });
    const field = await openSearch(user);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('placeholder', 'Search in conversation');
    await user.type(field, 'mural');

    const found = await screen.findByRole('list', { name: 'Messages found' });
    const rows = within(found).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Leo Park');
    expect(rows[0]).toHaveTextContent('5m');
    expect(rows[0]).toHaveTextContent('Voice message: The Mural wall is ready');
    expect(rows[1]).toHaveTextContent('Shall we paint the mural?');
    expect([...found.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Mural', 'mural']);
    // Asked once, when the typing stopped.
    expect(calls('GET /api/conversations/10/messages/search').map((c) => c.url.search)).toEqual(['?q=mural&limit=20']);
  });

  it("says 'No messages found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': () => json([]),
    });
    await user.type(await openSearch(user), 'zebra');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
  });

  it("shows the server's refusal as it says it", async () => {
    const user = userEvent.setup();
    renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': () =>
        json({ message: 'Search must be under 100 characters', code: 'bad_request' }, { status: 400 }),
    });
    await user.type(await openSearch(user), 'mural');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search must be under 100 characters');
  });

  it("offers 'Load more' while older matches follow, and asks for them with the X-Next-Cursor", async () => {
    const user = userEvent.setup();
    const { calls } = renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': (_, url) =>
        url.searchParams.get('before') === '3'
          ? json([aMessage({ id: 0, content: 'An old mural' })])
          : json([loaded[2]], { headers: { 'X-Next-Cursor': '3' } }),
    });
    await user.type(await openSearch(user), 'mural');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An old', { exact: false })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Messages found' })).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls('GET /api/conversations/10/messages/search').map((c) => c.url.search)).toEqual([
      '?q=mural&limit=20',
      '?q=mural&before=3&limit=20',
    ]);
  });

  it('closes on a chosen result and shows that message, scrolled to, highlighted and focused', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': () => json([loaded[0]]),
    });
    await user.type(await openSearch(user), 'paint');
    await user.click(within(await screen.findByRole('list', { name: 'Messages found' })).getByRole('button'));

    expect(screen.queryByRole('searchbox', { name: 'Search in conversation' })).not.toBeInTheDocument();
    expect(bubble(1)).toHaveAttribute('data-highlighted', 'true');
    expect(scrolled).toEqual([bubble(1)]);
    // Focus is on it, its actions a Tab away.
    expect(bubble(1)).toContainElement(document.activeElement as HTMLElement);
    expect(bubble(2)).not.toHaveAttribute('data-highlighted');
  });

  it('closes on a result older than the loaded messages, and says it is further back', async () => {
    const user = userEvent.setup();
    renderChat({
      'GET /api/conversations/10/messages': () => json(loaded),
      'GET /api/conversations/10/messages/search': () => json([aMessage({ id: 0, content: 'An old mural' })]),
    });
    await user.type(await openSearch(user), 'mural');
    await user.click(within(await screen.findByRole('list', { name: 'Messages found' })).getByRole('button'));
    expect(screen.queryByRole('searchbox', { name: 'Search in conversation' })).not.toBeInTheDocument();
    expect(await screen.findByText('Further back in the chat')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages' }).querySelector('[data-highlighted]')).toBeNull();
  });

  it("closes on Escape and on its close button, giving focus back to 'Chat details'", async () => {
    const user = userEvent.setup();
    renderChat({ 'GET /api/conversations/10/messages': () => json(loaded) });
    await openSearch(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Search in conversation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat details' })).toHaveFocus();

    await openSearch(user);
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('searchbox', { name: 'Search in conversation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat details' })).toHaveFocus();
    // The messages were kept as they were underneath.
    expect(screen.getByText('Shall we paint the mural?')).toBeInTheDocument();
  });

  it("is in a group's 'Chat details' too", async () => {
    const user = userEvent.setup();
    const { calls } = renderChat(
      {
        'GET /api/conversations': () => json([aGroup()]),
        'GET /api/conversations/20/messages': () => json([aMessage({ id: 1, conversationId: 20, content: 'Tickets booked' })]),
        'GET /api/conversations/20/messages/search': () => json([aMessage({ id: 1, conversationId: 20, content: 'Tickets booked' })]),
      },
      '/chat/20',
    );
    await user.type(await openSearch(user), 'tickets');
    expect(await screen.findByRole('list', { name: 'Messages found' })).toHaveTextContent('Tickets booked');
    expect(calls('GET /api/conversations/20/messages/search')).toHaveLength(1);
  });
});
