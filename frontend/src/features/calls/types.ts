//! The calls' wire types: GET /api/rtc/config from the server's OpenAPI document (api.gen.ts);
//! the socket frames, which OpenAPI does not describe, are typed in lib/realtime.ts after
//! docs/voice-contract.md.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** One entry of GET /api/rtc/config: STUN, or TURN with time-limited credentials. */
export type IceServer = Schemas['IceServer'];
export type RtcConfig = Schemas['RtcConfig'];

/** The other person of a call, as the overlays show them. */
export interface CallPeer {
  id: number;
  displayName: string;
  profileImageUrl: string | null;
}
