//! What the chat shows of a conversation: the other participant, the last message's line, the
//! presence text of the header.
import { relativeTime } from '@/lib/relative-time';
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

/** A message in one line: its text, or 'Voice message' (spec 001 §2). */
export function messagePreview(message: Pick<Message, 'messageType' | 'content'>): string {
  return message.messageType === 'voice' ? 'Voice message' : message.content;
}

/** The header's presence: 'Online', or 'Last seen {relative time}' ('a while ago' when unknown). */
export function presenceText(user: Pick<ChatUser, 'isOnline' | 'lastSeen'>, now: Date = new Date()): string {
  if (user.isOnline) return 'Online';
  return `Last seen ${user.lastSeen ? relativeTime(user.lastSeen, now) : 'a while ago'}`;
}

/** A message's clock time, e.g. '14:05', in the user's locale. */
export function messageTime(createdAt: string): string {
  return new Date(createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
