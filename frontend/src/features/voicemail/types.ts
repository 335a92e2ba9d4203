//! Voicemail's wire types, all from the server's OpenAPI document (api.gen.ts): the REST shapes
//! and the socket's `voicemail` frame and voicemails' `transcript` frames, picked from
//! `ServerEvent` (docs/voice-contract.md).
import type { ServerEvent } from '@/lib/realtime';
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type VoicemailUser = Schemas['UserCard'];
/** A voicemail the session user received. */
export type Voicemail = Schemas['Voicemail'];
/** POST /api/voicemails: the recording as a `data:` URL, 1–30 s. */
export type SendVoicemailRequest = Schemas['NewVoicemailRequest'];
export type UnreadCount = Schemas['UnreadVoicemails'];

/** Someone the session user can leave a voicemail for: a person they chat with. */
export interface VoicemailRecipient {
  id: number;
  displayName: string;
}

/** The socket's `voicemail` event, to the recipient. */
export type VoicemailEvent = Extract<ServerEvent, { type: 'voicemail' }>;

export function isVoicemailEvent(event: ServerEvent): event is VoicemailEvent {
  return event.type === 'voicemail';
}

/** The socket's `transcript` event for a voicemail (issue 47): what it says, or null when it could not be made. */
export type VoicemailTranscriptEvent = Extract<ServerEvent, { type: 'transcript' }> & { kind: 'voicemail' };

export function isVoicemailTranscriptEvent(event: ServerEvent): event is VoicemailTranscriptEvent {
  return event.type === 'transcript' && event.kind === 'voicemail';
}
