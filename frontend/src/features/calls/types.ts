//! The calls' wire types. These mirror docs/voice-contract.md (issue 8) until the server's
//! OpenAPI document, and so api.gen.ts, carries them; the socket frames are typed in
//! lib/realtime.ts.

/** One entry of GET /api/rtc/config: STUN, or TURN with time-limited credentials. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface RtcConfig {
  iceServers: IceServer[];
}

/** The other person of a call, as the overlays show them. */
export interface CallPeer {
  id: number;
  displayName: string;
  profileImageUrl: string | null;
}
