//! The voice reactions' wire types: short names for the server's OpenAPI document (api.gen.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** love | excited | inspired | impressed */
export type Emotion = Schemas['Emotion'];
/** A voice reaction with its sender (`UserCard`), its length and its recording. */
export type VoiceReaction = Schemas['VoiceReaction'];
/** GET /api/{posts|reels}/{id}/voice-reactions: the page the viewer may hear and every count. */
export type VoiceReactionPage = Schemas['VoiceReactionPage'];
export type EmotionCounts = Schemas['EmotionCounts'];
