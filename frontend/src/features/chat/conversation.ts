//! What the chat shows of a conversation: the other participant, the last message's line, the
//! presence text of the header, a call line's text.
import { formatMSs } from '@/lib/duration';
import { minuteRelativeTime } from '@/lib/relative-time';
import type { ChatUser, Conversation, Message } from './types';

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

/**
 * The newest message of the session user's that the other has read (issue 22: 'Seen' goes under
 * it), among `messages`; null when the other's reads are hidden or reach none of them.
 */
export function seenMessageId(conversation: Conversation, meId: number, messages: Pick<Message, 'id' | 'sender'>[]): number | null {
  const read = conversation.participants.find((p) => p.user.id !== meId)?.lastReadMessageId ?? null;
  if (read === null) return null;
  return messages.findLast((m) => m.sender.id === meId && m.id <= read)?.id ?? null;
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
 * A message in one line: its text, 'Voice message' (spec 001 §2), a call line's text, or
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

/** The header's presence: 'Online', or 'Last seen {relative time, to the minute}' ('a while ago' when unknown). */
export function presenceText(user: Pick<ChatUser, 'isOnline' | 'lastSeen'>, now: Date = new Date()): string {
  if (user.isOnline) return 'Online';
  return `Last seen ${user.lastSeen ? minuteRelativeTime(user.lastSeen, now) : 'a while ago'}`;
}

/** A message's clock time, e.g. '14:05', in the user's locale. */
export function messageTime(createdAt: string): string {
  return new Date(createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
