//! The one WebSocket to the server (docs/chat-contract.md): opened while signed in,
//! announces the user with `userOnline`, pings every 25 s, and after a drop reconnects with
//! exponential backoff (1 s doubling to 30 s, ±20 % jitter). It knows no feature: listeners get
//! every parsed event and decide what it means (features/chat turns them into cache updates).
//! Frames are typed by the server's OpenAPI document (`ServerEvent`, `ClientEvent` in
//! api.gen.ts); the call signals' subsets are named here, since the socket carries them between
//! two people rather than into a feature's cache (features/calls speaks them).

import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/**
 * The WebRTC objects the socket relays untouched: the document says only "a JSON object"
 * (the server never reads them); here they are the browser's own types.
 */
interface RelayedRtc {
  offer: RTCSessionDescriptionInit;
  answer: RTCSessionDescriptionInit;
  candidate: RTCIceCandidateInit;
}

/** Each member of the union `T`, its relayed WebRTC fields typed as the browser's. */
type WithRtc<T> = T extends unknown ? { [K in keyof T]: K extends keyof RelayedRtc ? RelayedRtc[K] : T[K] } : never;

/** A frame the server sends (docs/chat-contract.md): the OpenAPI document's `ServerEvent`, `{"type": …, …}`. */
export type ServerEvent = WithRtc<Schemas['ServerEvent']>;

/** A frame a client may send: the OpenAPI document's `ClientEvent`. The server names the sender. */
export type ClientEvent = WithRtc<Schemas['ClientEvent']>;

/** The server's answer to a frame it refused (docs/chat-contract.md): e.g. 'Call target not found'. */
export type RealtimeErrorEvent = Extract<ServerEvent, { type: 'error' }>;

/** The caller as the callee's `incomingCall` describes them (docs/voice-contract.md). */
export type CallerSummary = Schemas['Caller'];

type CallSignal = 'initiateCall' | 'acceptCall' | 'rejectCall' | 'endCall' | 'iceCandidate';
const CALL_EVENTS = ['incomingCall', 'callAccepted', 'callRejected', 'callEnded', 'iceCandidate'] as const;

/**
 * Call signalling, client → server (docs/voice-contract.md): the server fills in the
 * sender and relays each frame only to someone who shares a conversation with them.
 */
export type CallClientEvent = Extract<ClientEvent, { type: CallSignal }>;

/** Why a call was refused: the callee declined, or (at once, without ringing) is in a call or has no socket open. */
export type CallRejectReason = Schemas['RejectReason'];

/** Call signalling, server → client. `fromUserId` is always the other person, set by the server. */
export type CallServerEvent = Extract<ServerEvent, { type: (typeof CALL_EVENTS)[number] }>;

const CALL_EVENT_TYPES: ReadonlySet<string> = new Set(CALL_EVENTS);

/** Narrows a frame to the call signals. */
export function isCallServerEvent(event: ServerEvent): event is CallServerEvent {
  return CALL_EVENT_TYPES.has(event.type) && 'fromUserId' in event && typeof event.fromUserId === 'number';
}

/** Narrows a frame to the server's `error`. */
export function isErrorEvent(event: ServerEvent): event is RealtimeErrorEvent {
  return event.type === 'error' && typeof event.message === 'string';
}

/**
 * `connecting`: a socket is being opened; `open`: frames flow; `waiting`: the socket dropped
 * (or never opened) and the next attempt is scheduled; `stopped`: closed on purpose.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export const PING_INTERVAL_MS = 25_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): 1 s doubling up
 * to 30 s, spread by ±20 % (`random` in [0, 1), 0.5 means no spread) so that a restarted
 * server is not hit by every client at the same instant; never above 30 s.
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const nominal = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(Math.min(RECONNECT_MAX_MS, nominal * (0.8 + 0.4 * random)));
}

/** ws(s)://{this host}/ws: secure when the page is https. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export interface RealtimeOptions {
  url: string;
  /** For tests: the WebSocket class (defaults to the global one, read at connect time). */
  createSocket?: (url: string) => WebSocket;
  /** For tests: the jitter source. */
  random?: () => number;
}

type Listener<T> = (value: T) => void;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private currentStatus: RealtimeStatus = 'stopped';
  /** Failed or dropped connections since the last successful open. */
  private failures = 0;
  /** Sockets opened so far: any open after the first is a reconnect. */
  private opens = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly eventListeners = new Set<Listener<ServerEvent>>();
  private readonly statusListeners = new Set<Listener<RealtimeStatus>>();
  private readonly connectListeners = new Set<Listener<boolean>>();

  constructor(private readonly options: RealtimeOptions) {}

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Opens the socket (idempotent) and keeps it open until stop(). */
  start(): void {
    if (this.currentStatus !== 'stopped') return;
    window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  /** Closes the socket for good (sign-out, unmount); start() opens it again. */
  stop(): void {
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.setStatus('stopped');
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000);
    }
  }

  /** Sends an event; false when the socket is not open (the event is dropped, not queued). */
  send(event: ClientEvent): boolean {
    if (this.currentStatus !== 'open' || !this.socket) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  /** Every event the server sends; returns the unsubscribe function. */
  subscribe(listener: Listener<ServerEvent>): () => void {
    this.eventListeners.add(listener);
    return () => void this.eventListeners.delete(listener);
  }

  onStatusChange(listener: Listener<RealtimeStatus>): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Each successful open; the argument says whether it is a reconnect (events may have been missed). */
  onConnect(listener: Listener<boolean>): () => void {
    this.connectListeners.add(listener);
    return () => void this.connectListeners.delete(listener);
  }

  private connect(): void {
    this.retryTimer = null;
    this.setStatus('connecting');
    const socket = this.options.createSocket ? this.options.createSocket(this.options.url) : new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.opens > 0 || this.failures > 0;
      this.opens += 1;
      this.failures = 0;
      this.setStatus('open');
      this.send({ type: 'userOnline' });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
      for (const listener of this.connectListeners) listener(reconnected);
    };
    socket.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      for (const listener of this.eventListeners) listener(event);
    };
    // A failed or dropped socket always ends in close (an error alone changes nothing).
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      const delay = reconnectDelay(this.failures, this.options.random?.());
      this.failures += 1;
      this.setStatus('waiting');
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  /**
   * The browser is back online, or the server answered a request again (issue 43): do not sit
   * out the rest of the backoff.
   */
  reconnectNow = (): void => {
    if (this.currentStatus !== 'waiting') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.connect();
  };

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}

/** A frame with a string `type`, taken as the server's word for the rest (unknown types are left to listeners to ignore). */
function parseEvent(data: unknown): ServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as ServerEvent;
    }
  } catch {
    // A malformed frame is ignored; the server never sends one on purpose.
  }
  return null;
}
