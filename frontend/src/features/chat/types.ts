//! The chat's wire types: the REST shapes come from the server's OpenAPI document
//! (api.gen.ts); the socket frames, which OpenAPI does not describe, follow DESIGN §4 and
//! docs/chat-contract.md.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** 'call' is a line the server writes when a call ends. */
export type MessageType = Schemas['MessageType'];
/** How a call ended, on a 'call' line only. */
export type CallOutcome = Schemas['CallOutcome'];
/** A participant as the chat shows them, with presence. */
export type ChatUser = Schemas['ChatUser'];
export type Participant = Schemas['Participant'];
/** Both people of the one-to-one conversation, the session user included. */
export type Conversation = Schemas['Conversation'];
/** The list's last line: a message without its reply and reactions. */
export type MessagePreview = Schemas['MessagePreview'];
export type Sender = Schemas['UserBrief'];
/** The quoted message above a reply. */
export type ReplyPreview = Schemas['ReplyPreview'];
export type Reaction = Schemas['Reaction'];
export type Message = Schemas['Message'];

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
export type ChatClientEvent =
  | { type: 'typing'; conversationId: number }
  | { type: 'stopTyping'; conversationId: number };

/** Server → client frames the chat listens to. */
export type ChatServerEvent =
  | { type: 'newMessage'; conversationId: number; message: Message }
  | { type: 'reaction'; conversationId: number; messageId: number; userId: number; emoji: string; added: boolean }
  | { type: 'typing'; conversationId: number; userId: number }
  | { type: 'stopTyping'; conversationId: number; userId: number }
  | { type: 'presence'; userId: number; isOnline: boolean; lastSeen: string | null }
  | { type: 'conversationUpdated'; conversationId: number };

const CHAT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'newMessage',
  'reaction',
  'typing',
  'stopTyping',
  'presence',
  'conversationUpdated',
]);

/** Narrows a socket frame to the chat's events. */
export function isChatEvent(event: { type: string }): event is ChatServerEvent {
  return CHAT_EVENT_TYPES.has(event.type);
}
