//! The chat's wire types, all from the server's OpenAPI document (api.gen.ts): the REST shapes,
//! and the socket frames the chat speaks, picked from `ClientEvent` and `ServerEvent`
//! (docs/chat-contract.md).
import type { ClientEvent, ServerEvent } from '@/lib/realtime';
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A post shared into a chat (issue 19); null on a message when the post is gone ('Post unavailable'). */
export type SharedPost = Schemas['SharedPost'];
/** A reel shared into a chat; null when the reel is gone. */
export type SharedReel = Schemas['SharedReel'];

/**
 * 'call' is a line the server writes when a call ends; 'post' and 'reel' carry a shared item;
 * 'system' is a group's line the server writes (who created, added, removed, left, renamed…).
 */
export type MessageType = Schemas['MessageType'];
/** How a call ended, on a 'call' line only. */
export type CallOutcome = Schemas['CallOutcome'];
/** A participant as the chat shows them, with presence. */
export type ChatUser = Schemas['ChatUser'];
/** A member and their read pointer; `role` is a group's 'owner' or 'member' (one-to-one: both 'member'). */
export type Participant = Schemas['Participant'];
/**
 * A one-to-one conversation (`kind` 'direct': both people, the session user included) or a group
 * ('group': its name, picture and current members, the owner first; docs/groups-contract.md).
 */
export type Conversation = Schemas['Conversation'];
/** What a group's system line says happened, and whom it names; its sender is who did it. */
export type SystemEvent = Schemas['SystemEvent'];
/** The list's last line: a message without its reply and reactions. */
export type MessagePreview = Schemas['MessagePreview'];
export type Sender = Schemas['UserBrief'];
/** The quoted message above a reply. */
export type ReplyPreview = Schemas['ReplyPreview'];
export type Reaction = Schemas['Reaction'];
export type Message = Schemas['Message'];
/** {count}: the others' unread messages over all your conversations (the Messages tab). */
export type UnreadCount = Schemas['UnreadCount'];

/** POST /api/conversations: one-to-one `{otherUserId}`, or a group `{participantIds, name}`. */
export type StartConversationRequest = Schemas['StartConversationRequest'];
/** PATCH /api/conversations/{id}: a group's new name and/or picture (a `data:` URL). */
export type UpdateConversationRequest = Schemas['UpdateConversationRequest'];
/** POST /api/conversations/{id}/participants: the people the owner adds. */
export type AddParticipantsRequest = Schemas['AddParticipantsRequest'];

export interface SendMessageRequest {
  content: string;
  messageType?: 'text';
  replyToId?: number;
}

/** A voice message: a `data:` URL of the recording (the answer's voiceUrl is a /media path) and 1–60 s. */
export interface SendVoiceMessageRequest {
  content: '';
  messageType: 'voice';
  voiceUrl: string;
  duration: number;
  replyToId?: number;
}

/** Client → server frames of the chat (the socket itself sends userOnline and ping). */
export type ChatClientEvent = Extract<ClientEvent, { type: 'typing' | 'stopTyping' }>;

const CHAT_EVENTS = [
  'newMessage',
  'reaction',
  'typing',
  'stopTyping',
  'presence',
  'conversationUpdated',
  'read',
  'messageEdited',
  'messageUnsent',
  // Issue 47: of the kinds, the chat takes 'message' (voicemail and voice reactions take theirs).
  'transcript',
] as const;

/** Server → client frames the chat listens to. */
export type ChatServerEvent = Extract<ServerEvent, { type: (typeof CHAT_EVENTS)[number] }>;

const CHAT_EVENT_TYPES: ReadonlySet<string> = new Set(CHAT_EVENTS);

/** Narrows a socket frame to the chat's events. */
export function isChatEvent(event: ServerEvent): event is ChatServerEvent {
  return CHAT_EVENT_TYPES.has(event.type);
}
