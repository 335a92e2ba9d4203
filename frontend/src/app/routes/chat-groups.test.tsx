import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { CallProvider } from '@/features/calls/components/call-provider';
import { ChatSync } from '@/features/chat/components/chat-sync';
import {
  aChatUser,
  aConversation,
  aGroup,
  aMessage,
  aMessageFromMe,
  aSystemMessage,
  ana,
  inbox,
  json,
  kim,
  meChat,
  serveChat,
} from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { aProfile, me, renderWithApp } from '@/test/render';
import ChatPage from './chat';

const leo = aChatUser();
const fromAna = { sender: { id: ana.id, username: ana.username, displayName: ana.displayName, profileImage: null } };

function renderChat(path = '/chat') {
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
  return { ...result, socket: openSocket() };
}

/** A group open at /chat/20, with `extra` routes; the group is the list's only conversation unless `list` says otherwise. */
function serveGroup(
  group = aGroup(),
  { messages = [aMessage({ id: 1, conversationId: 20, content: 'Hello all' })], extra = {} }: {
    messages?: ReturnType<typeof aMessage>[];
    extra?: Parameters<typeof serveChat>[0];
  } = {},
) {
  return serveChat({
    'GET /api/conversations': () => json([group]),
    'GET /api/conversations/20/messages': () => json(messages),
    ...extra,
  });
}

async function openSheet() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Trip' }));
  return { user, sheet: await screen.findByRole('dialog', { name: 'Trip' }) };
}

function memberRow(sheet: HTMLElement, name: string): HTMLElement {
  const row = within(within(sheet).getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name));
  if (!row) throw new Error(`no member "${name}"`);
  return row;
}

/** Two panes (from 768 px): the list beside the open chat. */
function wide(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(min-width: 768px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a group in the conversation list', () => {
  it('shows its name, its members stacked for a picture, its last line in words and its unread count', async () => {
    serveChat({
      'GET /api/conversations': () =>
        json([
          aGroup({ unreadCount: 2, lastMessage: aSystemMessage('added', { by: meChat, user: kim }) }),
          aConversation({ id: 10, other: leo, lastMessage: aMessage({ content: 'Hi Maya' }) }),
        ]),
    });
    renderChat();
    const entry = await screen.findByRole('link', { name: /^Trip/ });
    expect(entry).toHaveAttribute('href', '/chat/20');
    expect(entry).toHaveTextContent('You added Kim Lee');
    expect(within(entry).getByRole('img', { name: 'Trip' })).toBeInTheDocument();
    expect(entry).toHaveTextContent('2 unread messages');
  });

  it("shows the group's own picture when it has one", async () => {
    serveChat({ 'GET /api/conversations': () => json([aGroup({ avatarUrl: '/media/trip.jpg' })]) });
    renderChat();
    const entry = await screen.findByRole('link', { name: /^Trip/ });
    expect(within(entry).getByRole('img', { name: 'Trip' })).toHaveAttribute('src', '/media/trip.jpg');
  });
});

describe("a group's header", () => {
  it("shows the name, 'n members' and 'k online', kept live, and no call button", async () => {
    serveGroup();
    const { socket } = renderChat('/chat/20');
    expect(await screen.findByRole('heading', { level: 2, name: 'Trip' })).toBeInTheDocument();
    expect(screen.getByText('4 members · 1 online')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voice call' })).not.toBeInTheDocument();

    socket.receive({ type: 'presence', userId: leo.id, isOnline: true, lastSeen: null });
    expect(await screen.findByText('4 members · 2 online')).toBeInTheDocument();
    socket.receive({ type: 'presence', userId: ana.id, isOnline: false, lastSeen: null });
    socket.receive({ type: 'presence', userId: leo.id, isOnline: false, lastSeen: null });
    expect(await screen.findByText('4 members')).toBeInTheDocument();
  });
});

describe('the members sheet', () => {
  it('gives the owner Add people and Remove, besides Rename, Change picture and Leave group', async () => {
    serveGroup();
    renderChat('/chat/20');
    const { sheet } = await openSheet();
    expect(within(sheet).getByText('4 members')).toBeInTheDocument();
    expect(within(memberRow(sheet, 'Maya Chen')).getByText('Owner')).toBeInTheDocument();
    expect(within(memberRow(sheet, 'Leo Park')).queryByText('Owner')).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Add people' })).toBeEnabled();
    for (const name of ['Leo Park', 'Ana Silva', 'Kim Lee']) {
      expect(within(sheet).getByRole('button', { name: `Remove ${name}` })).toBeInTheDocument();
    }
    // Nobody removes themselves: that is leaving.
    expect(within(sheet).queryByRole('button', { name: 'Remove Maya Chen' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Leave group' })).toBeInTheDocument();
  });

  it('gives a member who is not the owner neither Add people nor Remove', async () => {
    serveGroup(aGroup({ members: [leo, meChat, ana, kim], owner: leo.id }));
    renderChat('/chat/20');
    const { sheet } = await openSheet();
    expect(within(memberRow(sheet, 'Leo Park')).getByText('Owner')).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Add people' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Leave group' })).toBeInTheDocument();
  });

  it('renames the group inline, refusing an empty or too long name', async () => {
    const { calls } = serveGroup(aGroup(), {
      extra: { 'PATCH /api/conversations/20': () => json(aGroup({ name: 'Trip 2026' })) },
    });
    renderChat('/chat/20');
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Rename' }));
    const field = within(sheet).getByRole('textbox', { name: 'Group name' });
    expect(field).toHaveValue('Trip');

    await user.clear(field);
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Give the group a name');
    await user.type(field, 'x'.repeat(61));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('A group name can be at most 60 characters');
    expect(calls('PATCH /api/conversations/20')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Trip 2026 ');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PATCH /api/conversations/20')).toHaveLength(1));
    expect(calls('PATCH /api/conversations/20')[0].body).toEqual({ name: 'Trip 2026' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Trip 2026' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('textbox', { name: 'Group name' })).not.toBeInTheDocument();
  });

  it("asks 'Remove Kim Lee from the group?': Cancel sends nothing and keeps them", async () => {
    const { calls } = serveGroup(aGroup(), {
      extra: { 'DELETE /api/conversations/20/participants/4': () => new Response(null, { status: 204 }) },
    });
    renderChat('/chat/20');
    const { user, sheet } = await openSheet();
    const remove = within(sheet).getByRole('button', { name: 'Remove Kim Lee' });
    await user.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Kim Lee from the group?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    await user.click(remove);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Escape closed the question only: the sheet stays.
    expect(sheet).toBeInTheDocument();
    expect(calls('DELETE /api/conversations/20/participants/4')).toHaveLength(0);
    expect(memberRow(sheet, 'Kim Lee')).toBeInTheDocument();
  });

  it('lets the owner remove a member, once confirmed', async () => {
    const { calls } = serveGroup(aGroup(), {
      extra: { 'DELETE /api/conversations/20/participants/4': () => new Response(null, { status: 204 }) },
    });
    renderChat('/chat/20');
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Remove Kim Lee' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove Kim Lee from the group?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('DELETE /api/conversations/20/participants/4')).toHaveLength(1));
    await waitFor(() => expect(within(sheet).queryByText('Kim Lee')).not.toBeInTheDocument());
    expect(within(sheet).getByText('3 members')).toBeInTheDocument();
  });

  it('lets the owner add people found by the search, members left out', async () => {
    const bea = aProfile({ id: 5, username: 'bea', displayName: 'Bea Roy' });
    const { calls } = serveGroup(aGroup(), {
      extra: {
        'GET /api/search/users': () => json([aProfile({ id: ana.id, username: 'ana', displayName: 'Ana Silva' }), bea]),
        'POST /api/conversations/20/participants': () =>
          json(aGroup({ members: [meChat, leo, ana, kim, aChatUser({ id: 5, username: 'bea', displayName: 'Bea Roy' })] })),
      },
    });
    renderChat('/chat/20');
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Add people' }));
    await user.type(within(sheet).getByRole('searchbox', { name: 'Search people to add' }), 'a');
    const found = await within(sheet).findByRole('button', { name: /Bea Roy/ });
    expect(within(sheet).queryByRole('button', { name: /Ana Silva/ })).not.toBeInTheDocument();
    await user.click(found);
    expect(found).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sheet).getByRole('button', { name: 'Add 1' }));
    await waitFor(() => expect(calls('POST /api/conversations/20/participants')).toHaveLength(1));
    expect(calls('POST /api/conversations/20/participants')[0].body).toEqual({ userIds: [5] });
    expect(await within(sheet).findByText('5 members')).toBeInTheDocument();
    expect(memberRow(sheet, 'Bea Roy')).toBeInTheDocument();
  });

  it('leaves the group after a confirmation: it drops from the list and the chat list shows', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([aGroup(), aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/20/messages': () => json([]),
      'DELETE /api/conversations/20/participants/me': () => new Response(null, { status: 204 }),
    });
    const { location } = renderChat('/chat/20');
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Leave group' }));
    expect(calls('DELETE /api/conversations/20/participants/me')).toHaveLength(0);
    const confirm = screen.getByRole('alertdialog', { name: 'Leave “Trip”?' });
    expect(confirm).toHaveAccessibleDescription('You will no longer get its messages.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/conversations/20/participants/me')).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Leave group' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Leave “Trip”?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chat'));
    expect(calls('DELETE /api/conversations/20/participants/me')).toHaveLength(1);
    expect(await screen.findByText('Left group')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Leo Park/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Trip/ })).not.toBeInTheDocument();
  });
});

describe('messages in a group', () => {
  it("writes system lines as centred text without actions, and names others' runs of messages", async () => {
    serveGroup(aGroup(), {
      messages: [
        aSystemMessage('created', { id: 1, by: meChat, content: 'Trip' }),
        aMessage({ id: 2, conversationId: 20, content: 'First from Leo' }),
        aMessage({ id: 3, conversationId: 20, content: 'Second from Leo' }),
        aMessage({ id: 4, conversationId: 20, content: 'Hi from Ana', ...fromAna }),
        aMessageFromMe({ id: 5, conversationId: 20, content: 'Mine' }),
        aSystemMessage('removed', { id: 6, by: meChat, user: kim }),
      ],
    });
    renderChat('/chat/20');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const created = within(list).getByText('You created the group “Trip”').closest('li');
    expect(created).toHaveAttribute('data-system-line');
    expect(within(created!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(list).getByText('You removed Kim Lee').closest('li')).toHaveAttribute('data-system-line');

    const item = (text: string) => within(list).getByText(text).closest('li')!;
    expect(item('First from Leo')).toHaveTextContent('Leo Park');
    expect(item('Second from Leo')).not.toHaveTextContent('Leo Park');
    expect(item('Hi from Ana')).toHaveTextContent('Ana Silva');
    expect(item('Mine')).not.toHaveTextContent('Maya Chen');
    // Replies and reactions stay on the bubbles.
    expect(within(item('Second from Leo')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('names who is typing', async () => {
    serveGroup();
    const { socket } = renderChat('/chat/20');
    await screen.findByText('Hello all');
    socket.receive({ type: 'typing', conversationId: 20, userId: leo.id });
    expect(await screen.findByRole('status', { name: 'Leo Park is typing…' })).toBeInTheDocument();
    socket.receive({ type: 'typing', conversationId: 20, userId: ana.id });
    expect(await screen.findByRole('status', { name: 'Leo Park and Ana Silva are typing…' })).toBeInTheDocument();
    socket.receive({ type: 'stopTyping', conversationId: 20, userId: leo.id });
    expect(await screen.findByRole('status', { name: 'Ana Silva is typing…' })).toBeInTheDocument();
  });
});

describe("'Seen by n' in a group", () => {
  const messages = [
    aMessageFromMe({ id: 1, conversationId: 20, content: 'Who is in?' }),
    aMessage({ id: 2, conversationId: 20, content: 'Me!' }),
    aMessageFromMe({ id: 3, conversationId: 20, content: 'Booking it' }),
  ];

  it('goes under your newest message others have read, names them on tap, and counts on live', async () => {
    serveGroup(aGroup({ reads: { [leo.id]: 3, [ana.id]: 3, [kim.id]: 2 } }), { messages });
    const user = userEvent.setup();
    const { socket } = renderChat('/chat/20');
    const seen = await screen.findByTestId('seen-by');
    expect(seen.previousElementSibling).toHaveTextContent('Booking it');
    expect(screen.queryByTestId('seen')).not.toBeInTheDocument();

    await user.click(within(seen).getByRole('button', { name: 'Seen by 2' }));
    const names = await screen.findByRole('dialog', { name: 'Seen by' });
    expect(within(names).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Leo Park', 'Ana Silva']);
    await user.keyboard('{Escape}');

    socket.receive({ type: 'read', conversationId: 20, userId: kim.id, messageId: 3 });
    expect(await screen.findByRole('button', { name: 'Seen by 3' })).toBeInTheDocument();
  });

  it('says nothing while no one else has read a message of yours', async () => {
    serveGroup(aGroup({ reads: { [leo.id]: 2, [me.id]: 3 } }), { messages: [aMessage({ id: 2, conversationId: 20 }), messages[2]] });
    renderChat('/chat/20');
    await screen.findByText('Booking it');
    expect(screen.queryByTestId('seen-by')).not.toBeInTheDocument();
  });
});

describe('conversation updates from the socket', () => {
  it('puts the conversation it brings into the list and the open chat, without fetching', async () => {
    const { calls } = serveGroup();
    const { socket } = renderChat('/chat/20');
    await screen.findByRole('heading', { level: 2, name: 'Trip' });
    socket.receive({
      type: 'conversationUpdated',
      conversationId: 20,
      conversation: aGroup({ name: 'Lisbon trip', members: [meChat, leo, ana] }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lisbon trip' })).toBeInTheDocument();
    expect(screen.getByText('3 members · 1 online')).toBeInTheDocument();
    expect(calls('GET /api/conversations').filter(inbox)).toHaveLength(1);
  });

  it('adds a group the session user was just put in to the top of the list', async () => {
    serveChat({ 'GET /api/conversations': () => json([aConversation({ id: 10, other: leo })]) });
    const { socket } = renderChat();
    await screen.findByRole('link', { name: /Leo Park/ });
    socket.receive({ type: 'conversationUpdated', conversationId: 21, conversation: aGroup({ id: 21, name: 'Climbing' }) });
    const entries = await waitFor(() => {
      const links = within(screen.getByRole('navigation', { name: 'Conversations' }))
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/chat/'));
      expect(links).toHaveLength(2);
      return links;
    });
    expect(entries[0]).toHaveAttribute('href', '/chat/21');
    expect(entries[0]).toHaveTextContent('Climbing');
  });

  it('drops a group the session user was removed from, and leaves it when it was open', async () => {
    serveChat({
      'GET /api/conversations': () => json([aGroup(), aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/20/messages': () => json([aMessage({ id: 1, conversationId: 20, content: 'Hello all' })]),
    });
    const { socket, location } = renderChat('/chat/20');
    await screen.findByText('Hello all');
    socket.receive({ type: 'conversationUpdated', conversationId: 20, conversation: null });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chat'));
    expect(await screen.findByText("You're no longer in this group.")).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Leo Park/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Trip/ })).not.toBeInTheDocument();
  });

  it('drops a group from the list and stays in the conversation that is open', async () => {
    serveChat({
      'GET /api/conversations': () => json([aGroup(), aConversation({ id: 10, other: leo })]),
      'GET /api/conversations/10/messages': () => json([aMessage({ id: 1, content: 'Hello Maya' })]),
    });
    wide(true);
    const { socket, location } = renderChat('/chat/10');
    await screen.findByText('Hello Maya');
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: /^Trip/ })).toBeInTheDocument();
    socket.receive({ type: 'conversationUpdated', conversationId: 20, conversation: null });
    await waitFor(() => expect(within(list).queryByRole('link', { name: /^Trip/ })).not.toBeInTheDocument());
    expect(location.history?.at(-1)).toBe('/chat/10');
    expect(screen.getByText('Hello Maya')).toBeInTheDocument();
  });
});

describe('a new group', () => {
  async function openNewGroup() {
    const user = userEvent.setup();
    const result = renderChat();
    await user.click(screen.getByRole('button', { name: 'Start New Chat' }));
    await user.click(screen.getByRole('button', { name: 'New group' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'New group' }), ...result };
  }

  it('is named and given people, refusing too few or a bad name, then made and opened', async () => {
    const { calls } = serveChat({
      'GET /api/conversations': () => json([]),
      'GET /api/search/users': () =>
        json([
          aProfile(),
          aProfile({ id: ana.id, username: 'ana', displayName: 'Ana Silva' }),
          aProfile({ id: me.id, username: 'maya', displayName: 'Maya Chen' }),
        ]),
      'POST /api/conversations': () => json(aGroup({ members: [meChat, leo, ana] }), { status: 201 }),
    });
    const { user, dialog, location } = await openNewGroup();

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Give the group a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick at least 2 people')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Group name' });
    await user.type(name, 'x'.repeat(61));
    expect(within(dialog).getByText('A group name can be at most 60 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Trip');

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'a');
    await user.click(await within(dialog).findByRole('button', { name: /Leo Park/ }));
    // Yourself is not offered.
    expect(within(dialog).queryByRole('button', { name: /Maya Chen/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Pick at least 2 people')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Ana Silva/ }));
    expect(within(within(dialog).getByRole('list', { name: 'Picked people' })).getAllByRole('listitem')).toHaveLength(2);
    expect(calls('POST /api/conversations')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(calls('POST /api/conversations')).toHaveLength(1));
    expect(calls('POST /api/conversations')[0].body).toEqual({ participantIds: [2, 3], name: 'Trip' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chat/20'));
    expect(screen.queryByRole('dialog', { name: 'New group' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Trip' })).toBeInTheDocument();
  });

  it("says why the server refused it", async () => {
    serveChat({
      'GET /api/conversations': () => json([]),
      'GET /api/search/users': () => json([aProfile(), aProfile({ id: ana.id, username: 'ana', displayName: 'Ana Silva' })]),
      'POST /api/conversations': () => new Response(`{"message":"You can't add this account","code":"forbidden"}`, { status: 403 }),
    });
    const { user, dialog, location } = await openNewGroup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Trip');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'a');
    await user.click(await within(dialog).findByRole('button', { name: /Leo Park/ }));
    await user.click(within(dialog).getByRole('button', { name: /Ana Silva/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText("You can't add this account")).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/chat');
  });
});
