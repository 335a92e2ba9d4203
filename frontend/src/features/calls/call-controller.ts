//! One user's calls (docs/voice-contract.md; the client's choices in docs/decisions.md): the
//! state machine of call-machine.ts plus its effects. Placing a call takes the microphone,
//! builds an RTCPeerConnection on the ICE servers of GET /api/rtc/config and sends the offer over
//! the realtime socket; answering sends the answer; ICE candidates trickle both ways (those that
//! arrive before the remote description wait for it). It rings and notifies for incoming calls,
//! times unanswered ones out after 30 s, and releases the microphone and connection whenever a
//! call ends. It knows no React: call-provider.tsx feeds it socket events and renders its state.
import { toast } from '@/components/ui/use-toast';
import { formatMmSs } from '@/lib/duration';
import { isCallServerEvent, isErrorEvent, type CallClientEvent, type RealtimeStatus, type ServerEvent } from '@/lib/realtime';
import { callReducer, IDLE, isActive, RING_TIMEOUT_MS, type CallAction, type CallState, type UnansweredReason } from './call-machine';
import type { CallPeer } from './types';

/** An incoming call stops ringing this long after the caller's own 30 s time-out, should its `callEnded` be lost. */
export const INCOMING_GRACE_MS = 5_000;
/** The server's answer to a signal for someone who shares no conversation with us. */
export const CALL_TARGET_NOT_FOUND = 'Call target not found';
/**
 * The server's refusals of an `initiateCall` that placed nothing (backend realtime/signalling.rs):
 * the call they answer never rang, so nothing is hung up after them. (CALL_TARGET_NOT_FOUND is
 * one too, but refused() handles it before it looks here.)
 */
const PLACEMENT_REFUSALS: ReadonlySet<string> = new Set([
  'You are already in a call',
  'Too many calls: please wait a minute',
]);
/** The server's refusal of a typing frame (realtime/socket.rs): never about a call. */
const TYPING_REFUSAL = 'Conversation not found';

export interface CallDeps {
  /** Sends a signal; false when the socket is not open. */
  send: (event: CallClientEvent) => boolean;
  /** Whether the realtime socket is open now. */
  socketOpen: () => boolean;
  iceServers: () => Promise<RTCIceServer[]>;
  getUserMedia: () => Promise<MediaStream>;
  createPeerConnection: (configuration: RTCConfiguration) => RTCPeerConnection;
  ringtone: { start(): void; stop(): void };
  /** Raises the incoming-call notification; returns what closes it. */
  notifyIncoming: (callerName: string) => () => void;
  now: () => number;
}

export interface CallTarget {
  conversationId: number;
  peer: CallPeer;
}

/** What the overlays draw: the state and, once it arrives, the other side's audio. */
export interface CallSnapshot {
  state: CallState;
  remoteStream: MediaStream | null;
}

const UNKNOWN_USER = 'Unknown User';

function stopTracks(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

function plainDescription(description: RTCSessionDescriptionInit): RTCSessionDescriptionInit {
  return { type: description.type, sdp: description.sdp };
}

function connectionError(description = 'Unable to place call. Please try again.') {
  toast({ variant: 'destructive', title: 'Connection Error', description });
}

function remoteEndedToast() {
  toast({ variant: 'destructive', title: 'Call Ended', description: 'The call has been ended.' });
}

/** The toast of a call we placed that went unanswered (busy and offline: docs/decisions.md). */
function unansweredToast(reason: UnansweredReason, peer: CallPeer) {
  switch (reason) {
    case 'timeout':
      return toast({ variant: 'destructive', title: 'Call Timeout', description: 'No answer. Call cancelled.' });
    case 'declined':
      return toast({ variant: 'destructive', title: 'Call Declined', description: 'The call was declined by the other user.' });
    case 'busy':
      return toast({ variant: 'destructive', title: 'User Busy', description: `${peer.displayName} is on another call.` });
    case 'offline':
      return toast({ variant: 'destructive', title: 'User Offline', description: `${peer.displayName} is not online right now.` });
    case 'unavailable':
      return toast({ variant: 'destructive', title: 'User Unavailable', description: `You can't call ${peer.displayName}.` });
  }
}

/** A call step that lost its race with a newer call, hang-up or reset: its result is thrown away. */
class Superseded extends Error {}

export class CallController {
  private snapshot: CallSnapshot = { state: IDLE, remoteStream: null };
  private readonly listeners = new Set<() => void>();
  /** Bumped by every reset: an async step of an older call sees it changed and stops. */
  private generation = 0;
  private pc: RTCPeerConnection | null = null;
  private localStream: MediaStream | null = null;
  /** The caller's offer, kept while an incoming call rings. */
  private offer: RTCSessionDescriptionInit | null = null;
  /** Candidates that came before the remote description. */
  private pendingCandidates: RTCIceCandidateInit[] = [];
  /** Whether the other side knows of the call (our initiateCall went out). */
  private offerSent = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closeNotification: (() => void) | null = null;

  constructor(private readonly deps: CallDeps) {}

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  get state(): CallState {
    return this.snapshot.state;
  }

  /** Places a call (a conversation, another participant and an open socket are needed). */
  async start(target: CallTarget): Promise<void> {
    if (isActive(this.state)) return;
    if (!target.conversationId || !target.peer.id || !this.deps.socketOpen()) {
      connectionError();
      return;
    }
    this.reset();
    const generation = this.generation;
    this.dispatch({ type: 'start', peer: target.peer, conversationId: target.conversationId });
    toast({ title: 'Calling...', description: target.peer.displayName });

    if (!(await this.takeMicrophone(generation))) return;
    try {
      const pc = await this.connect(target.peer.id, generation);
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      this.check(generation);
      const sent = this.deps.send({
        type: 'initiateCall',
        toUserId: target.peer.id,
        conversationId: target.conversationId,
        offer: plainDescription(offer),
      });
      if (!sent) throw new Error('The realtime socket is closed');
      this.offerSent = true;
      this.timer = setTimeout(() => this.timeOut(), RING_TIMEOUT_MS);
    } catch (error) {
      this.fail(error, generation, 'place the call');
    }
  }

  /** Answers the ringing call. */
  async accept(): Promise<void> {
    const state = this.state;
    if (state.status !== 'incoming' || !this.offer) return;
    const offer = this.offer;
    const generation = this.generation;
    this.stopRinging();
    this.dispatch({ type: 'accept' });

    if (!(await this.takeMicrophone(generation, () => this.signal('rejectCall')))) return;
    try {
      const pc = await this.connect(state.peer.id, generation);
      await pc.setRemoteDescription(offer);
      this.check(generation);
      this.flushCandidates(pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.check(generation);
      if (!this.deps.send({ type: 'acceptCall', toUserId: state.peer.id, answer: plainDescription(answer) })) {
        throw new Error('The realtime socket is closed');
      }
    } catch (error) {
      this.fail(error, generation, 'answer the call', 'rejectCall');
    }
  }

  /** Declines the ringing call. */
  reject(): void {
    if (this.state.status !== 'incoming') return;
    this.signal('rejectCall');
    this.reset();
  }

  /** Cancels the call we are placing. */
  cancel(): void {
    if (this.state.status !== 'calling') return;
    if (this.offerSent) this.signal('endCall');
    this.reset();
    toast({ title: 'Call cancelled' });
  }

  /** Ends the call in progress: 'Call ended' with its length. */
  hangUp(): void {
    const state = this.state;
    if (state.status !== 'in-call') return;
    const seconds = state.connectedAt === null ? 0 : (this.deps.now() - state.connectedAt) / 1000;
    this.signal('endCall');
    this.reset();
    toast({ title: 'Call ended', description: `Duration ${formatMmSs(seconds)}` });
  }

  /** Whatever the call is, it stops: switching conversation, signing out. */
  endAny(): void {
    switch (this.state.status) {
      case 'calling':
        return this.cancel();
      case 'incoming':
        return this.reject();
      case 'in-call':
        return this.hangUp();
      case 'ended':
        return this.dismiss();
      case 'idle':
        return;
    }
  }

  /** Closes the ended screen. */
  dismiss(): void {
    this.dispatch({ type: 'dismiss' });
  }

  toggleMute(): void {
    this.dispatch({ type: 'toggleMute' });
    this.applyMute();
  }

  toggleSpeaker(): void {
    this.dispatch({ type: 'toggleSpeaker' });
  }

  /** Every socket event; only the call signals and the server's refusal of one matter here. */
  handleEvent(event: ServerEvent): void {
    if (isErrorEvent(event)) {
      if (this.state.status === 'calling') this.refused(event.message);
      return;
    }
    if (!isCallServerEvent(event)) return;
    const state = this.state;
    if (event.type === 'incomingCall') {
      this.ring(event.fromUserId, event.fromUser?.displayName, event.fromUser?.profileImageUrl ?? null, event.conversationId, event.offer);
      return;
    }
    // The rest only concern the call with that person.
    if (!isActive(state) || state.peer.id !== event.fromUserId) return;
    switch (event.type) {
      case 'callAccepted':
        if (state.status === 'calling') void this.answered(event.answer);
        break;
      case 'callRejected':
        if (state.status === 'calling') this.unanswered(event.reason ?? 'declined');
        break;
      case 'callEnded':
        this.reset();
        // A call that only rang here was cancelled, timed out or answered on another device: it just stops.
        if (state.status !== 'incoming') remoteEndedToast();
        break;
      case 'iceCandidate':
        this.addCandidate(event.candidate);
        break;
    }
  }

  /** A socket that drops ends the call: the server has ended it for the other side already. */
  socketStatusChanged(status: RealtimeStatus): void {
    if (status === 'open' || status === 'connecting') return;
    const state = this.state;
    if (!isActive(state)) return;
    this.reset();
    if (state.status !== 'incoming') remoteEndedToast();
  }

  /** Signing out or unmounting: the other side is told, everything is released. */
  dispose(): void {
    const state = this.state;
    if (state.status === 'incoming') this.signal('rejectCall');
    else if (state.status === 'in-call' || (state.status === 'calling' && this.offerSent)) this.signal('endCall');
    this.reset();
  }

  private ring(fromUserId: number, name: string | undefined, image: string | null, conversationId: number, offer: RTCSessionDescriptionInit) {
    if (isActive(this.state)) {
      // The server answers 'busy' for us when it knows; should it not, this says no at once.
      if (this.state.peer.id !== fromUserId) this.deps.send({ type: 'rejectCall', toUserId: fromUserId });
      return;
    }
    this.reset();
    const peer: CallPeer = { id: fromUserId, displayName: name?.trim() || UNKNOWN_USER, profileImageUrl: image };
    this.offer = offer;
    this.dispatch({ type: 'ring', peer, conversationId });
    this.deps.ringtone.start();
    this.closeNotification = this.deps.notifyIncoming(peer.displayName);
    this.timer = setTimeout(() => {
      if (this.state.status === 'incoming') this.reset();
    }, RING_TIMEOUT_MS + INCOMING_GRACE_MS);
  }

  /**
   * The server's `error` while we place a call: it answers the offer (or a candidate of this
   * call), so the call failed. 'Call target not found' keeps the spec's wording; any other says
   * what the server said. Only an error after the offer went out can answer it, and a typing
   * frame's refusal never does. An error that is not one of initiateCall's refusals may have
   * come after the call started ringing, so the other side is told it ended.
   */
  private refused(message: string) {
    if (message === CALL_TARGET_NOT_FOUND) {
      this.reset();
      connectionError();
      return;
    }
    if (!this.offerSent || message === TYPING_REFUSAL) return;
    if (!PLACEMENT_REFUSALS.has(message)) this.signal('endCall');
    this.reset();
    connectionError(message);
  }

  private async answered(answer: RTCSessionDescriptionInit) {
    const generation = this.generation;
    clearTimeout(this.timer);
    this.dispatch({ type: 'answered' });
    const pc = this.pc;
    try {
      if (!pc) throw new Error('No peer connection');
      await pc.setRemoteDescription(answer);
      this.check(generation);
      this.flushCandidates(pc);
    } catch (error) {
      this.fail(error, generation, 'use the answer', 'endCall');
    }
  }

  private unanswered(reason: UnansweredReason) {
    const state = this.state;
    if (state.status !== 'calling') return;
    this.release();
    this.dispatch({ type: 'unanswered', reason });
    unansweredToast(reason, state.peer);
  }

  private timeOut() {
    if (this.state.status !== 'calling') return;
    this.signal('endCall');
    this.unanswered('timeout');
  }

  /** Takes the microphone for the current call; false (after the toast and a reset) if it cannot. */
  private async takeMicrophone(generation: number, beforeReset?: () => void): Promise<boolean> {
    let stream: MediaStream;
    try {
      stream = await this.deps.getUserMedia();
    } catch (error) {
      if (generation !== this.generation) return false;
      console.error('No microphone for the call', error);
      beforeReset?.();
      this.reset();
      toast({
        variant: 'destructive',
        title: 'Microphone Error',
        description: 'Could not access microphone. Please grant permission and try again.',
      });
      return false;
    }
    if (generation !== this.generation) {
      stopTracks(stream);
      return false;
    }
    this.localStream = stream;
    this.applyMute();
    return true;
  }

  /** The peer connection of the current call, with the microphone's tracks on it. */
  private async connect(peerId: number, generation: number): Promise<RTCPeerConnection> {
    const iceServers = await this.deps.iceServers();
    this.check(generation);
    const pc = this.deps.createPeerConnection({ iceServers });
    this.pc = pc;
    const stream = this.localStream;
    stream?.getTracks().forEach((track) => pc.addTrack(track, stream));
    pc.onicecandidate = (event) => {
      if (!event.candidate || this.pc !== pc) return;
      const candidate = typeof event.candidate.toJSON === 'function' ? event.candidate.toJSON() : event.candidate;
      this.deps.send({ type: 'iceCandidate', toUserId: peerId, candidate });
    };
    pc.ontrack = (event) => {
      if (this.pc !== pc) return;
      this.snapshot = { ...this.snapshot, remoteStream: event.streams[0] ?? new MediaStream([event.track]) };
      this.emit();
    };
    pc.onconnectionstatechange = () => this.connectionChanged(pc);
    pc.oniceconnectionstatechange = () => this.connectionChanged(pc);
    return pc;
  }

  private connectionChanged(pc: RTCPeerConnection) {
    const state = this.state;
    if (this.pc !== pc || state.status !== 'in-call') return;
    const connected =
      pc.connectionState === 'connected' || pc.iceConnectionState === 'connected' || pc.iceConnectionState === 'completed';
    const failed = pc.connectionState === 'failed' || pc.iceConnectionState === 'failed';
    if (connected && state.connectedAt === null) {
      this.dispatch({ type: 'connected', at: this.deps.now() });
      toast({ title: 'Call connected' });
    } else if (failed) {
      this.signal('endCall');
      this.reset();
      toast({ variant: 'destructive', title: 'Call Ended', description: 'The connection was lost.' });
    }
  }

  private addCandidate(candidate: RTCIceCandidateInit) {
    const pc = this.pc;
    if (pc?.remoteDescription) {
      pc.addIceCandidate(candidate).catch((error) => console.error('Could not add an ICE candidate', error));
    } else {
      this.pendingCandidates.push(candidate);
    }
  }

  private flushCandidates(pc: RTCPeerConnection) {
    const pending = this.pendingCandidates.splice(0);
    for (const candidate of pending) {
      pc.addIceCandidate(candidate).catch((error) => console.error('Could not add an ICE candidate', error));
    }
  }

  private applyMute() {
    const state = this.state;
    const muted = state.status === 'in-call' && state.muted;
    this.localStream?.getAudioTracks().forEach((track) => {
      track.enabled = !muted;
    });
  }

  /** A signal to the other person of the current call. */
  private signal(type: 'rejectCall' | 'endCall') {
    const state = this.state;
    if (state.status === 'idle') return;
    this.deps.send({ type, toUserId: state.peer.id });
  }

  /** A step of a call failed: unless a newer call superseded it, tell the other side, reset and say so. */
  private fail(error: unknown, generation: number, doing: string, signal?: 'rejectCall' | 'endCall') {
    if (error instanceof Superseded || generation !== this.generation) return;
    console.error(`Could not ${doing}`, error);
    if (signal) this.signal(signal);
    this.reset();
    connectionError();
  }

  private check(generation: number) {
    if (generation !== this.generation) throw new Superseded();
  }

  private stopRinging() {
    this.deps.ringtone.stop();
    this.closeNotification?.();
    this.closeNotification = null;
  }

  /** Lets go of the microphone, the connection, the ring and the timer; the state stays. */
  private release() {
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopRinging();
    const pc = this.pc;
    this.pc = null;
    if (pc) {
      pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = pc.oniceconnectionstatechange = null;
      pc.close();
    }
    stopTracks(this.localStream);
    this.localStream = null;
    this.offer = null;
    this.pendingCandidates = [];
    this.offerSent = false;
    if (this.snapshot.remoteStream) this.snapshot = { ...this.snapshot, remoteStream: null };
  }

  /** Back to idle with everything released. */
  private reset() {
    this.release();
    this.dispatch({ type: 'hangUp' });
    this.emit();
  }

  private dispatch(action: CallAction) {
    const next = callReducer(this.state, action);
    if (next === this.state) return;
    this.snapshot = { ...this.snapshot, state: next };
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
