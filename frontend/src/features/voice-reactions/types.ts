//! The voice reactions' wire types: short names for the server's OpenAPI document (api.gen.ts),
//! and the socket's `transcript` frame of a voice reaction, picked from `ServerEvent`.
import type { ServerEvent } from '@/lib/realtime';
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** love | excited | inspired | impressed */
export type Emotion = Schemas['Emotion'];
/** A voice reaction with its sender (`UserCard`), its length and its recording. */
export type VoiceReaction = Schemas['VoiceReaction'];
/** GET /api/{posts|reels}/{id}/voice-reactions: the page the viewer may hear and every count. */
export type VoiceReactionPage = Schemas['VoiceReactionPage'];
export type EmotionCounts = Schemas['EmotionCounts'];

/** The socket's `transcript` event for a voice reaction (issue 47): what it says, or null when it could not be made. */
export type VoiceReactionTranscriptEvent = Extract<ServerEvent, { type: 'transcript' }> & { kind: 'voiceReaction' };

export function isVoiceReactionTranscriptEvent(event: ServerEvent): event is VoiceReactionTranscriptEvent {
  return event.type === 'transcript' && event.kind === 'voiceReaction';
}
