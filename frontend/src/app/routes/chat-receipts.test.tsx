import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { CallProvider } from '@/features/calls/components/call-provider';
import { ChatSync } from '@/features/chat/components/chat-sync';
import { aConversation, aMessage, aMessageFromMe, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import ChatPage from './chat';

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const messages = [
  aMessageFromMe({ id: 1, content: 'First of mine' }),
  aMessage({ id: 2, content: 'Their answer' }),
  aMessageFromMe({ id: 3, content: 'Second of mine' }),
  aMessageFromMe({ id: 4, content: 'Third of mine' }),
];

function renderChat(otherRead: number | null) {
  serveChat({
    'GET /api/conversations': () => json([aConversation({ id: 10, otherRead, lastMessage: messages.at(-1) ?? null })]),
    'GET /api/conversations/unread-count': () => json({ count: 0 }),
    'GET /api/conversations/10/messages': () => json(messages),
  });
  renderWithApp(
    withRealtime(
      <CallProvider>
        <ChatSync />
        <Switch>
          <Route path="/chat/:conversationId?" component={ChatPage} />
        </Switch>
      </CallProvider>,
    ),
    { path: '/chat/10', user: me },
  );
  return openSocket();
}

/** The message the 'Seen' line follows. */
function seenUnder(): string | null {
  const seen = screen.queryAllByTestId('seen');
  if (seen.length === 0) return null;
  expect(seen).toHaveLength(1);
  return seen[0]!.previousElementSibling?.textContent ?? null;
}

describe('read receipts', () => {
  it("says 'Seen' under your newest message the other has read, and moves it when they read on", async () => {
    const socket = renderChat(3);
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Third of mine');
    await waitFor(() => expect(seenUnder()).toContain('Second of mine'));

    socket.receive({ type: 'read', conversationId: 10, userId: 2, messageId: 4 });
    await waitFor(() => expect(seenUnder()).toContain('Third of mine'));
    // Another conversation's read, or someone else's, changes nothing.
    socket.receive({ type: 'read', conversationId: 11, userId: 2, messageId: 1 });
    socket.receive({ type: 'read', conversationId: 10, userId: me.id, messageId: 4 });
    expect(seenUnder()).toContain('Third of mine');
  });

  it('says nothing while their reads are hidden (receipts off on either side)', async () => {
    renderChat(null);
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Third of mine');
    expect(seenUnder()).toBeNull();
  });
});
