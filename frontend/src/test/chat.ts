//! Fixtures for the chat: the signed-in `me` (id 1) talking with Leo (id 2) and others, and a
//! fake server that answers the chat endpoints by method and path.
import { vi } from 'vitest';
import type { ChatUser, Conversation, Message } from '@/features/chat/types';
import { json, me } from './render';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const meChat: ChatUser = {
  id: me.id,
  username: me.username,
  displayName: me.displayName,
  profileImage: null,
  isOnline: true,
  lastSeen: null,
};

export function aChatUser(overrides: Partial<ChatUser> = {}): ChatUser {
  return {
    id: 2,
    username: 'leo',
    displayName: 'Leo Park',
    profileImage: null,
    isOnline: false,
    lastSeen: minutesAgo(3 * 60),
    ...overrides,
  };
}

let nextMessageId = 500;

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: nextMessageId++,
    conversationId: 10,
    sender: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    content: 'Hey there',
    messageType: 'text',
    voiceUrl: null,
    duration: null,
    callOutcome: null,
    replyToId: null,
    replyTo: null,
    sharedPost: null,
    sharedReel: null,
    systemEvent: null,
    reactions: [],
    createdAt: minutesAgo(5),
    editedAt: null,
    unsent: false,
    transcript: null,
    transcribing: false,
    ...overrides,
  };
}

/** A message sent by the signed-in user. */
export function aMessageFromMe(overrides: Partial<Message> = {}): Message {
  return aMessage({ sender: { id: me.id, username: me.username, displayName: me.displayName, profileImage: null }, ...overrides });
}

export function aConversation(overrides: Partial<Conversation> & { other?: ChatUser; otherRead?: number | null } = {}): Conversation {
  const { other = aChatUser(), otherRead = null, ...rest } = overrides;
  return {
    id: 10,
    kind: 'direct',
    name: null,
    avatarUrl: null,
    participants: [
      { user: meChat, lastReadMessageId: null, role: 'member' },
      { user: other, lastReadMessageId: otherRead, role: 'member' },
    ],
    lastMessage: null,
    lastActivityAt: minutesAgo(5),
    createdAt: minutesAgo(60 * 24),
    isBlocked: false,
    unreadCount: 0,
    isRequest: false,
    ...rest,
  };
}

/** Ana (id 3) and Kim (id 4): with Leo, the people of the test groups. */
export const ana = aChatUser({ id: 3, username: 'ana', displayName: 'Ana Silva', isOnline: true });
export const kim = aChatUser({ id: 4, username: 'kim', displayName: 'Kim Lee' });

/**
 * A group 'Trip' (id 20) of `me` (its owner unless `owner` says who is), Leo, Ana and Kim, or of
 * `members`; `reads` gives members' read pointers by user id.
 */
export function aGroup(
  overrides: Partial<Conversation> & { members?: ChatUser[]; owner?: number; reads?: Record<number, number | null> } = {},
): Conversation {
  const { members = [meChat, aChatUser(), ana, kim], owner = members[0]?.id, reads = {}, ...rest } = overrides;
  return {
    id: 20,
    kind: 'group',
    name: 'Trip',
    avatarUrl: null,
    participants: members.map((user) => ({
      user,
      lastReadMessageId: reads[user.id] ?? null,
      role: user.id === owner ? 'owner' : 'member',
    })),
    lastMessage: null,
    lastActivityAt: minutesAgo(5),
    createdAt: minutesAgo(60 * 24),
    isBlocked: false,
    unreadCount: 0,
    isRequest: false,
    ...rest,
  };
}

/** A group's system line (sent by `by`, Leo unless given) of `kind`, naming `user`. */
export function aSystemMessage(
  kind: NonNullable<Message['systemEvent']>['kind'],
  { by = aChatUser(), user = null, content = '', ...overrides }: Partial<Message> & { by?: ChatUser; user?: ChatUser | null } = {},
): Message {
  const brief = (u: ChatUser) => ({ id: u.id, username: u.username, displayName: u.displayName, profileImage: u.profileImage });
  return aMessage({
    conversationId: 20,
    messageType: 'system',
    content,
    sender: brief(by),
    systemEvent: { kind, user: user && brief(user) },
    ...overrides,
  });
}

type Answer = Response | Promise<Response>;
type Handler = (body: unknown, url: URL) => Answer;

/**
 * A fetch stand-in answering `'{METHOD} {path}'` keys (the query string is ignored, but handed
 * to the handler); anything else is a 404. Returns the mock to inspect calls with `calls()`.
 */
export function serveChat(routes: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler ? handler(body, url) : new Response('{"message":"Not found","code":"not_found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The calls to `'{METHOD} {path}'`, with their parsed JSON bodies and their headers. */
    calls(key: string): Array<{ url: URL; body: unknown; headers: Record<string, string> }> {
      return fetchMock.mock.calls
        .map(([input, init]) => ({
          key: `${init?.method ?? 'GET'} ${new URL(String(input), 'http://app.test').pathname}`,
          url: new URL(String(input), 'http://app.test'),
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          headers: { ...(init?.headers as Record<string, string> | undefined) },
        }))
        .filter((call) => call.key === key)
        .map(({ url, body, headers }) => ({ url, body, headers }));
    },
  };
}

export { json };

/** A fetch of the inbox, not of the message requests (issue 43): `calls('GET /api/conversations').filter(inbox)`. */
export function inbox(call: { url: URL }): boolean {
  return !call.url.searchParams.has('requests');
}
