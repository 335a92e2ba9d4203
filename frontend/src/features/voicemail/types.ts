//! Voicemail's wire types. These mirror docs/voice-contract.md (issue 8) until the server's
//! OpenAPI document, and so api.gen.ts, carries them.

export interface VoicemailUser {
  id: number;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

/** A voicemail the session user received. */
export interface Voicemail {
  id: number;
  fromUser: VoicemailUser;
  /** Whole seconds, 1–30. */
  duration: number;
  isListened: boolean;
  transcript: string | null;
  /** '/media/{key}'. */
  voiceUrl: string;
  createdAt: string;
}

/** POST /api/voicemails: the recording as a `data:` URL, 1–30 s. */
export interface SendVoicemailRequest {
  toUserId: number;
  voiceUrl: string;
  duration: number;
  transcript?: string;
}

export interface UnreadCount {
  count: number;
}

/** Someone the session user can leave a voicemail for: a person they chat with. */
export interface VoicemailRecipient {
  id: number;
  displayName: string;
}

/** The socket's `voicemail` event, to the recipient. */
export interface VoicemailEvent {
  type: 'voicemail';
  voicemail: Voicemail;
}

export function isVoicemailEvent(event: { type: string }): event is VoicemailEvent {
  return event.type === 'voicemail';
}
