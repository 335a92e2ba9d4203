//! What the chat shows of a conversation: the other participant (one-to-one) or the group's name
//! and members, the last message's line, the presence text of the header, a call line's and a
//! system line's text, who has read what ('Seen', 'Seen by n'), and what a search result shows
//! of the message it found (issue 47).
import { formatMSs } from '@/lib/duration';
import { timeAgo } from '@/lib/relative-time';
import type { ChatUser, Conversation, Message, MessagePreview, Sender } from './types';

/** The contract's limits of a group (docs/groups-contract.md): 1–60 characters of name, 32 members. */
export const GROUP_NAME_MAX_LENGTH = 60;
export const GROUP_MAX_MEMBERS = 32;
/** A group is made with at least 2 other people. */
export const GROUP_MIN_OTHERS = 2;

export function isGroup(conversation: Pick<Conversation, 'kind'>): boolean {
  return conversation.kind === 'group';
}

/** What is wrong with a group name as typed, or null when it may be sent (1–60 characters after trimming). */
export function groupNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the group a name';
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) return `A group name can be at most ${GROUP_NAME_MAX_LENGTH} characters`;
  return null;
}

/**
 * The person the session user talks to. When they have left (participants then hold only the
 * session user) the last message's sender stands in, offline; failing that 'Unknown User'.
 */
export function otherParticipant(conversation: Conversation, meId: number): ChatUser {
  const other = conversation.participants.find((p) => p.user.id !== meId);
  if (other) return other.user;
  const sender = conversation.lastMessage?.sender;
  if (sender && sender.id !== meId) return { ...sender, isOnline: false, lastSeen: null };
  return { id: 0, username: '', displayName: 'Unknown User', profileImage: null, isOnline: false, lastSeen: null };
}

/** What the list and the header call a conversation: the group's name, or the other person's. */
export function conversationTitle(conversation: Conversation, meId: number): string {
  if (isGroup(conversation)) return conversation.name ?? 'Group';
  return otherParticipant(conversation, meId).displayName;
}

/** The members other than the session user, in the server's order (a group's owner first). */
export function otherMembers(conversation: Conversation, meId: number): ChatUser[] {
  return conversation.participants.filter((p) => p.user.id !== meId).map((p) => p.user);
}

/** How many of the other members are online now. */
export function onlineCount(conversation: Conversation, meId: number): number {
  return otherMembers(conversation, meId).filter((user) => user.isOnline).length;
}

/** 'n members' (the session user counted). */
export function membersText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** The group's owner's id, or null (a one-to-one conversation has none). */
export function ownerId(conversation: Conversation): number | null {
  return conversation.participants.find((p) => p.role === 'owner')?.user.id ?? null;
}

type ReadMessage = Pick<Message, 'id' | 'sender' | 'messageType'>;

/** Your newest message among `messages` with an id at most `read` (a system line is no one's message to read). */
function newestOwnUpTo(messages: ReadMessage[], meId: number, read: number): number | null {
  return messages.findLast((m) => m.sender.id === meId && m.messageType !== 'system' && m.id <= read)?.id ?? null;
}

/**
 * The newest message of the session user's that the other has read (issue 22: 'Seen' goes under
 * it), among `messages`; null when the other's reads are hidden or reach none of them.
 */
export function seenMessageId(conversation: Conversation, meId: number, messages: ReadMessage[]): number | null {
  const read = conversation.participants.find((p) => p.user.id !== meId)?.lastReadMessageId ?? null;
  if (read === null) return null;
  return newestOwnUpTo(messages, meId, read);
}

/** 'Seen by n' of a group: the message it goes under and who has read it. */
export interface SeenBy {
  messageId: number;
  readers: ChatUser[];
}

/**
 * In a group, your newest message (among `messages`) that anyone else has read, and everyone
 * else whose read pointer has reached it, in the members' order; null when nobody's visible
 * pointer reaches any of yours (a hidden pointer is null and counts for no one).
 */
export function seenBy(conversation: Conversation, meId: number, messages: ReadMessage[]): SeenBy | null {
  const others = conversation.participants.filter((p) => p.user.id !== meId && p.lastReadMessageId !== null);
  const furthest = Math.max(0, ...others.map((p) => p.lastReadMessageId ?? 0));
  const messageId = newestOwnUpTo(messages, meId, furthest);
  if (messageId === null) return null;
  const readers = others.filter((p) => (p.lastReadMessageId ?? 0) >= messageId).map((p) => p.user);
  return { messageId, readers };
}

/** Names in a sentence: 'Leo Park', 'Leo Park and Ana Silva', 'Leo Park, Ana Silva and Kim Lee'. */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A person as a system line names them: the session user is 'You' starting the sentence, 'you' after. */
function who(user: Pick<Sender, 'id' | 'displayName'> | null, meId: number, start: boolean): string {
  if (!user) return start ? 'Someone' : 'someone';
  if (user.id === meId) return start ? 'You' : 'you';
  return user.displayName;
}

/**
 * A group's system line as the client writes it (docs/groups-contract.md): 'Maya created the
 * group “Trip”', 'Maya added Leo', 'Maya removed Leo', 'Leo left', 'Maya named the group
 * “Trip”', 'Maya changed the group picture', 'Leo is now the owner'; the session user is 'You'
 * ('You added Leo', 'Maya added you', 'You are now the owner').
 */
export function systemLineText(message: Pick<Message, 'content' | 'sender' | 'systemEvent'>, meId: number): string {
  const event = message.systemEvent;
  if (!event) return message.content;
  const actor = who(message.sender, meId, true);
  switch (event.kind) {
    case 'created':
      return `${actor} created the group “${message.content}”`;
    case 'added':
      return `${actor} added ${who(event.user, meId, false)}`;
    case 'removed':
      return `${actor} removed ${who(event.user, meId, false)}`;
    case 'left':
      return `${actor} left`;
    case 'renamed':
      return `${actor} named the group “${message.content}”`;
    case 'avatar':
      return `${actor} changed the group picture`;
    case 'owner': {
      const owner = event.user ?? message.sender;
      return owner.id === meId ? 'You are now the owner' : `${owner.displayName} is now the owner`;
    }
  }
}

/**
 * A call line's text (docs/voice-contract.md): 'Voice call · m:ss' when it was answered,
 * 'Missed voice call', 'Declined voice call'.
 */
export function callLineText(message: Partial<Pick<Message, 'callOutcome' | 'duration'>>): string {
  switch (message.callOutcome) {
    case 'completed':
      return `Voice call · ${formatMSs(message.duration ?? 0)}`;
    case 'missed':
      return 'Missed voice call';
    case 'declined':
      return 'Declined voice call';
    default:
      return 'Voice call';
  }
}

/**
 * A message in one line: its text, 'Voice message' (docs/voice-contract.md), a call line's text, or
 * 'Shared a post' / 'Shared a reel' (issue 19: a share's text is empty, its card is the content).
 */
export function messagePreview(
  message: Pick<Message, 'messageType' | 'content'> & Partial<Pick<Message, 'callOutcome' | 'duration'>>,
): string {
  if (message.messageType === 'voice') return 'Voice message';
  if (message.messageType === 'call') return callLineText(message);
  if (message.messageType === 'post') return 'Shared a post';
  if (message.messageType === 'reel') return 'Shared a reel';
  return message.content;
}

/**
 * A conversation's last line in the list: the message in one line; in a group a system line's
 * text, and anyone's message after their name ('Leo Park: See you', 'You: On my way').
 */
export function lastLineText(conversation: Pick<Conversation, 'kind'>, last: MessagePreview, meId: number): string {
  if (last.messageType === 'system') return systemLineText(last, meId);
  const line = messagePreview(last);
  if (!isGroup(conversation) || last.messageType === 'call') return line;
  return `${last.sender.id === meId ? 'You' : last.sender.displayName}: ${line}`;
}

/** The header's presence: 'Online', or 'Last seen {relative time}' ('a while ago' when unknown). */
export function presenceText(user: Pick<ChatUser, 'isOnline' | 'lastSeen'>, now: Date = new Date()): string {
  if (user.isOnline) return 'Online';
  return `Last seen ${user.lastSeen ? timeAgo(user.lastSeen, now) : 'a while ago'}`;
}

/** A message's clock time, e.g. '14:05', in the user's locale. */
export function messageTime(createdAt: string): string {
  return new Date(createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** What a search result quotes of a message: a voice message's transcript, else its text. */
export function searchedText(message: Pick<Message, 'messageType' | 'content' | 'transcript'>): string {
  return message.messageType === 'voice' ? (message.transcript ?? '') : message.content;
}

/** A piece of a search result's snippet; `match` pieces are what was searched for. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Text up to this long is quoted whole; longer text is cut around the first match. */
const SNIPPET_MAX = 140;
/** How much comes before the first match in a cut snippet. */
const SNIPPET_BEFORE = 40;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` as a search result shows it, with every occurrence of `query` marked (case-insensitive,
 * as the server searches: the whole query, not word by word). Long text is cut around the first
 * occurrence, '…' marking each cut, so the match is always in view.
 */
export function searchSnippet(text: string, query: string): SnippetPart[] {
  const words = query.trim();
  if (!words) return [{ text, match: false }];
  const first = new RegExp(escapeRegExp(words), 'iu').exec(text);
  let shown = text;
  if (text.length > SNIPPET_MAX && first) {
    const start = Math.max(0, first.index - SNIPPET_BEFORE);
    const end = Math.min(text.length, Math.max(first.index + first[0].length, start + SNIPPET_MAX));
    shown = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  }
  return shown
    .split(new RegExp(`(${escapeRegExp(words)})`, 'giu'))
    .map((piece, index) => ({ text: piece, match: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
