//! The call's states and transitions, as a pure function: idle, calling
//! (our offer is out), incoming (an offer came in), in-call (answered; the timer runs once the
//! audio connects), ended (a call we placed went unanswered: the screen offers a voicemail).
//! The effects (signals, media, toasts) belong to call-controller.ts.
import type { CallPeer } from './types';

/** docs/decisions.md: an unanswered call is cancelled after 30 s. */
export const RING_TIMEOUT_MS = 30_000;

/** Why a call we placed was not answered: no answer in 30 s, or the server's callRejected reason. */
/** `unavailable`: one of the two blocked the other (issue 20); no call rings. */
export type UnansweredReason = 'timeout' | 'declined' | 'busy' | 'offline' | 'unavailable';

interface WithPeer {
  peer: CallPeer;
  conversationId: number;
}

export type CallState =
  | { status: 'idle' }
  | ({ status: 'calling' } & WithPeer)
  | ({ status: 'incoming' } & WithPeer)
  | ({
      status: 'in-call';
      /** When the audio connected (ms since the epoch); null while 'Connecting...'. */
      connectedAt: number | null;
      muted: boolean;
      speakerOn: boolean;
    } & WithPeer)
  | ({ status: 'ended'; reason: UnansweredReason } & WithPeer);

export type CallStatus = CallState['status'];

export type CallAction =
  /** The session user starts a call. */
  | ({ type: 'start' } & WithPeer)
  /** An `incomingCall` arrived. */
  | ({ type: 'ring' } & WithPeer)
  /** The callee's `callAccepted` reached the caller. */
  | { type: 'answered' }
  /** The callee accepts. */
  | { type: 'accept' }
  /** A call we placed was refused or timed out. */
  | { type: 'unanswered'; reason: UnansweredReason }
  /** The peer-to-peer audio connected. */
  | { type: 'connected'; at: number }
  | { type: 'toggleMute' }
  | { type: 'toggleSpeaker' }
  /** Cancel, reject, end, the other side's `callEnded`, a failure, a conversation switch. */
  | { type: 'hangUp' }
  /** The ended screen is closed. */
  | { type: 'dismiss' };

export const IDLE: CallState = { status: 'idle' };

/** A call is being placed, rung or held: no other call can start. */
export function isActive(state: CallState): state is Extract<CallState, { status: 'calling' | 'incoming' | 'in-call' }> {
  return state.status === 'calling' || state.status === 'incoming' || state.status === 'in-call';
}

/** The next state; an action that does not apply to the current state changes nothing. */
export function callReducer(state: CallState, action: CallAction): CallState {
  switch (action.type) {
    case 'start':
    case 'ring':
      if (isActive(state)) return state;
      return {
        status: action.type === 'start' ? 'calling' : 'incoming',
        peer: action.peer,
        conversationId: action.conversationId,
      };
    case 'answered':
      if (state.status !== 'calling') return state;
      return { ...state, status: 'in-call', connectedAt: null, muted: false, speakerOn: true };
    case 'accept':
      if (state.status !== 'incoming') return state;
      return { ...state, status: 'in-call', connectedAt: null, muted: false, speakerOn: true };
    case 'unanswered':
      if (state.status !== 'calling') return state;
      return { status: 'ended', peer: state.peer, conversationId: state.conversationId, reason: action.reason };
    case 'connected':
      if (state.status !== 'in-call' || state.connectedAt !== null) return state;
      return { ...state, connectedAt: action.at };
    case 'toggleMute':
      return state.status === 'in-call' ? { ...state, muted: !state.muted } : state;
    case 'toggleSpeaker':
      return state.status === 'in-call' ? { ...state, speakerOn: !state.speakerOn } : state;
    case 'hangUp':
      return state.status === 'idle' ? state : IDLE;
    case 'dismiss':
      return state.status === 'ended' ? IDLE : state;
  }
}
