import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import type { CallClientEvent, ServerEvent } from '@/lib/realtime';
import { FakePeerConnection, FakeStream, flush } from '@/test/media';
import { CallController, INCOMING_GRACE_MS, type CallDeps } from './call-controller';
import { RING_TIMEOUT_MS } from './call-machine';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

const leo = { id: 2, displayName: 'Leo Park', profileImageUrl: null };
const offer = { type: 'offer' as const, sdp: 'remote-offer' };

interface Harness {
  controller: CallController;
  sent: CallClientEvent[];
  streams: FakeStream[];
  deps: CallDeps;
  ringtone: { start: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> };
  closeNotification: ReturnType<typeof vi.fn>;
  /** A server frame reaches the controller. */
  receive: (event: ServerEvent) => Promise<void>;
}

function harness(overrides: Partial<CallDeps> = {}): Harness {
  const sent: CallClientEvent[] = [];
  const streams: FakeStream[] = [];
  const ringtone = { start: vi.fn(), stop: vi.fn() };
  const closeNotification = vi.fn();
  const deps: CallDeps = {
    send: (event) => {
      sent.push(event);
      return true;
    },
    socketOpen: () => true,
    iceServers: async () => [{ urls: ['stun:stun.example.org:3478'] }],
    getUserMedia: async () => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream as unknown as MediaStream;
    },
    createPeerConnection: (configuration) => new FakePeerConnection(configuration) as unknown as RTCPeerConnection,
    ringtone,
    notifyIncoming: vi.fn(() => closeNotification),
    now: () => Date.now(),
    ...overrides,
  };
  const controller = new CallController(deps);
  return {
    controller,
    sent,
    streams,
    deps,
    ringtone,
    closeNotification,
    receive: async (event) => {
      controller.handleEvent(event);
      await flush();
    },
  };
}

const toasts = () => vi.mocked(toast).mock.calls.map(([input]) => [input.title, input.description].filter(Boolean).join(': '));
const types = (sent: CallClientEvent[]) => sent.map((event) => event.type);

async function placeCall(h: Harness) {
  const started = h.controller.start({ conversationId: 10, peer: leo });
  await started;
  return FakePeerConnection.latest();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakePeerConnection.instances = [];
  vi.mocked(toast).mockClear();
  // The failures under test are logged on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('placing a call', () => {
  it("says 'Calling...', takes the microphone and sends the offer on the configured ICE servers", async () => {
    const h = harness();
    const pc = await placeCall(h);
    expect(h.controller.state).toEqual({ status: 'calling', peer: leo, conversationId: 10 });
    expect(toasts()).toEqual(['Calling...: Leo Park']);
    expect(pc.configuration).toEqual({ iceServers: [{ urls: ['stun:stun.example.org:3478'] }] });
    expect(pc.tracks).toEqual(h.streams[0].tracks);
    expect(h.sent).toEqual([{ type: 'initiateCall', toUserId: 2, conversationId: 10, offer: { type: 'offer', sdp: 'offer-sdp' } }]);

    pc.emitCandidate({ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 });
    expect(h.sent.at(-1)).toEqual({
      type: 'iceCandidate',
      toUserId: 2,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
  });

  it("goes in-call on callAccepted, 'Call connected' once the audio connects, and 'Call ended' with its length on hang-up", async () => {
    const h = harness();
    const pc = await placeCall(h);
    // A candidate of the callee that overtakes the answer waits for it.
    await h.receive({ type: 'iceCandidate', fromUserId: 2, candidate: { candidate: 'early' } });
    expect(pc.addedCandidates).toEqual([]);

    await h.receive({ type: 'callAccepted', fromUserId: 2, answer: { type: 'answer', sdp: 'remote-answer' } });
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'remote-answer' });
    expect(pc.addedCandidates).toEqual([{ candidate: 'early' }]);
    expect(h.controller.state).toMatchObject({ status: 'in-call', connectedAt: null });

    await h.receive({ type: 'iceCandidate', fromUserId: 2, candidate: { candidate: 'late' } });
    expect(pc.addedCandidates).toEqual([{ candidate: 'early' }, { candidate: 'late' }]);

    pc.emitTrack();
    expect(h.controller.getSnapshot().remoteStream).not.toBeNull();
    pc.setConnectionState('connected');
    expect(h.controller.state).toMatchObject({ status: 'in-call', connectedAt: Date.now() });
    expect(toasts().at(-1)).toBe('Call connected');

    vi.advanceTimersByTime(65_000);
    h.controller.hangUp();
    expect(h.sent.at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
    expect(toasts().at(-1)).toBe('Call ended: Duration 01:05');
    expect(h.controller.state).toEqual({ status: 'idle' });
    expect(pc.closed).toBe(true);
    expect(h.streams[0].tracks[0].stop).toHaveBeenCalled();
    expect(h.controller.getSnapshot().remoteStream).toBeNull();
  });

  it("times out after 30 s: endCall, 'Call Timeout', and the ended screen offers a voicemail", async () => {
    const h = harness();
    const pc = await placeCall(h);
    vi.advanceTimersByTime(RING_TIMEOUT_MS - 1);
    expect(h.controller.state.status).toBe('calling');
    vi.advanceTimersByTime(1);
    expect(types(h.sent)).toEqual(['initiateCall', 'endCall']);
    expect(toasts().at(-1)).toBe('Call Timeout: No answer. Call cancelled.');
    expect(h.controller.state).toEqual({ status: 'ended', peer: leo, conversationId: 10, reason: 'timeout' });
    expect(pc.closed).toBe(true);
    expect(h.streams[0].tracks[0].stop).toHaveBeenCalled();
    h.controller.dismiss();
    expect(h.controller.state.status).toBe('idle');
  });

  it.each([
    ['declined', 'Call Declined: The call was declined by the other user.'],
    ['busy', 'User Busy: Leo Park is on another call.'],
    ['offline', 'User Offline: Leo Park is not online right now.'],
  ] as const)('on callRejected (%s) says so and offers a voicemail', async (reason, text) => {
    const h = harness();
    await placeCall(h);
    await h.receive({ type: 'callRejected', fromUserId: 2, reason });
    expect(toasts().at(-1)).toBe(text);
    expect(h.controller.state).toMatchObject({ status: 'ended', reason });
    vi.advanceTimersByTime(RING_TIMEOUT_MS);
    expect(types(h.sent)).toEqual(['initiateCall']);
  });

  it("cancels: endCall and 'Call cancelled'", async () => {
    const h = harness();
    await placeCall(h);
    h.controller.cancel();
    expect(types(h.sent)).toEqual(['initiateCall', 'endCall']);
    expect(toasts().at(-1)).toBe('Call cancelled');
    expect(h.controller.state.status).toBe('idle');
  });

  it("needs a conversation, another participant and an open socket ('Connection Error')", async () => {
    const closed = harness({ socketOpen: () => false });
    await closed.controller.start({ conversationId: 10, peer: leo });
    const nobody = harness();
    await nobody.controller.start({ conversationId: 10, peer: { ...leo, id: 0 } });
    expect(toasts()).toEqual([
      'Connection Error: Unable to place call. Please try again.',
      'Connection Error: Unable to place call. Please try again.',
    ]);
    expect(closed.sent).toEqual([]);
    expect(closed.controller.state.status).toBe('idle');
  });

  it("says 'Microphone Error' when the microphone is refused", async () => {
    const h = harness({ getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    await placeCall(h).catch(() => {});
    expect(toasts().at(-1)).toBe('Microphone Error: Could not access microphone. Please grant permission and try again.');
    expect(h.sent).toEqual([]);
    expect(h.controller.state.status).toBe('idle');
  });

  it("says 'Connection Error' when the ICE servers cannot be had, or the server knows no such target", async () => {
    const h = harness({ iceServers: () => Promise.reject(new Error('500: boom')) });
    await h.controller.start({ conversationId: 10, peer: leo });
    expect(toasts().at(-1)).toBe('Connection Error: Unable to place call. Please try again.');
    expect(h.streams[0].tracks[0].stop).toHaveBeenCalled();

    const stranger = harness();
    await placeCall(stranger);
    await stranger.receive({ type: 'error', message: 'Call target not found' });
    expect(toasts().at(-1)).toBe('Connection Error: Unable to place call. Please try again.');
    expect(stranger.controller.state.status).toBe('idle');
  });

  it.each(['You are already in a call', 'Too many calls: please wait a minute'])(
    "fails at once with 'Connection Error' and the server's words when it refuses the call: %s",
    async (message) => {
      const h = harness();
      const pc = await placeCall(h);
      await h.receive({ type: 'error', message });
      expect(h.controller.state).toEqual({ status: 'idle' });
      expect(toasts().at(-1)).toBe(`Connection Error: ${message}`);
      // Nothing rang, so nothing is hung up; everything is let go, and no time-out follows.
      expect(types(h.sent)).toEqual(['initiateCall']);
      expect(pc.closed).toBe(true);
      expect(h.streams[0].tracks[0].stop).toHaveBeenCalled();
      vi.advanceTimersByTime(RING_TIMEOUT_MS);
      expect(toasts()).toEqual(['Calling...: Leo Park', `Connection Error: ${message}`]);
    },
  );

  it("fails on any other error once the offer is out, and hangs up in case it rang ('Something went wrong')", async () => {
    const h = harness();
    await placeCall(h);
    await h.receive({ type: 'error', message: 'Something went wrong' });
    expect(h.controller.state).toEqual({ status: 'idle' });
    expect(toasts().at(-1)).toBe('Connection Error: Something went wrong');
    expect(h.sent.at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
    vi.advanceTimersByTime(RING_TIMEOUT_MS);
    expect(toasts().some((text) => text.startsWith('Call Timeout'))).toBe(false);
  });

  it('keeps calling through errors that cannot answer the call: before the offer is out, or a typing refusal', async () => {
    let grant!: (stream: MediaStream) => void;
    const h = harness({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    const started = h.controller.start({ conversationId: 10, peer: leo });
    await h.receive({ type: 'error', message: 'Something went wrong' });
    expect(h.controller.state.status).toBe('calling');
    grant(new FakeStream() as unknown as MediaStream);
    await started;
    expect(types(h.sent)).toEqual(['initiateCall']);

    await h.receive({ type: 'error', message: 'Conversation not found' });
    expect(h.controller.state.status).toBe('calling');
    expect(toasts()).toEqual(['Calling...: Leo Park']);
  });

  it("ends with 'Call Ended' when the other side hangs up, and ignores signals from anyone else", async () => {
    const h = harness();
    await placeCall(h);
    await h.receive({ type: 'callAccepted', fromUserId: 3, answer: { type: 'answer', sdp: 'x' } });
    await h.receive({ type: 'callEnded', fromUserId: 3 });
    expect(h.controller.state.status).toBe('calling');
    await h.receive({ type: 'callAccepted', fromUserId: 2, answer: { type: 'answer', sdp: 'x' } });
    await h.receive({ type: 'callEnded', fromUserId: 2 });
    expect(toasts().at(-1)).toBe('Call Ended: The call has been ended.');
    expect(h.controller.state.status).toBe('idle');
  });

  it('mutes by disabling the microphone track', async () => {
    const h = harness();
    await placeCall(h);
    await h.receive({ type: 'callAccepted', fromUserId: 2, answer: { type: 'answer', sdp: 'x' } });
    h.controller.toggleMute();
    expect(h.streams[0].tracks[0].enabled).toBe(false);
    h.controller.toggleMute();
    expect(h.streams[0].tracks[0].enabled).toBe(true);
  });

  it('ends the call when the connection fails or the socket drops', async () => {
    const h = harness();
    const pc = await placeCall(h);
    await h.receive({ type: 'callAccepted', fromUserId: 2, answer: { type: 'answer', sdp: 'x' } });
    pc.setConnectionState('failed');
    expect(toasts().at(-1)).toBe('Call Ended: The connection was lost.');
    expect(types(h.sent).at(-1)).toBe('endCall');

    const dropped = harness();
    await placeCall(dropped);
    dropped.controller.socketStatusChanged('waiting');
    expect(dropped.controller.state.status).toBe('idle');
  });

  it('throws away a call cancelled while the microphone was being asked for', async () => {
    let grant!: (stream: MediaStream) => void;
    const stream = new FakeStream();
    const h = harness({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    const started = h.controller.start({ conversationId: 10, peer: leo });
    h.controller.cancel();
    grant(stream as unknown as MediaStream);
    await started;
    expect(h.sent).toEqual([]);
    expect(stream.tracks[0].stop).toHaveBeenCalled();
    expect(FakePeerConnection.instances).toHaveLength(0);
    expect(h.controller.state.status).toBe('idle');
  });
});

describe('an incoming call', () => {
  // `fromUser` is asserted: the controller copes with a frame that lacks it (the document says it never does).
  const incoming = (fromUser: unknown = { id: 2, displayName: 'Leo Park', profileImageUrl: null }, fromUserId = 2) =>
    ({
      type: 'incomingCall',
      fromUserId,
      fromUser,
      conversationId: 10,
      offer,
    }) as ServerEvent;

  it('rings and notifies with the caller, or Unknown User', async () => {
    const h = harness();
    await h.receive(incoming());
    expect(h.controller.state).toEqual({ status: 'incoming', peer: leo, conversationId: 10 });
    expect(h.ringtone.start).toHaveBeenCalled();
    expect(h.deps.notifyIncoming).toHaveBeenCalledWith('Leo Park');

    const anonymous = harness();
    await anonymous.receive(incoming(null));
    expect(anonymous.controller.state).toMatchObject({ peer: { id: 2, displayName: 'Unknown User' } });
  });

  it('answers on accept: the offer as remote description, early candidates, then acceptCall with the answer', async () => {
    const h = harness();
    await h.receive(incoming());
    await h.receive({ type: 'iceCandidate', fromUserId: 2, candidate: { candidate: 'caller-1' } });
    await h.controller.accept();
    const pc = FakePeerConnection.latest();
    expect(h.ringtone.stop).toHaveBeenCalled();
    expect(h.closeNotification).toHaveBeenCalled();
    expect(pc.remoteDescription).toEqual(offer);
    expect(pc.addedCandidates).toEqual([{ candidate: 'caller-1' }]);
    expect(pc.tracks).toEqual(h.streams[0].tracks);
    expect(h.sent).toEqual([{ type: 'acceptCall', toUserId: 2, answer: { type: 'answer', sdp: 'answer-sdp' } }]);
    expect(h.controller.state).toMatchObject({ status: 'in-call', connectedAt: null });
  });

  it('rejects: rejectCall, the ringing stops, no toast', async () => {
    const h = harness();
    await h.receive(incoming());
    h.controller.reject();
    expect(h.sent).toEqual([{ type: 'rejectCall', toUserId: 2 }]);
    expect(h.ringtone.stop).toHaveBeenCalled();
    expect(h.closeNotification).toHaveBeenCalled();
    expect(h.controller.state.status).toBe('idle');
    expect(toasts()).toEqual([]);
  });

  it('stops ringing quietly when the caller gives up, or when nobody ends it after the time-out', async () => {
    const h = harness();
    await h.receive(incoming());
    await h.receive({ type: 'callEnded', fromUserId: 2 });
    expect(h.controller.state.status).toBe('idle');
    expect(h.ringtone.stop).toHaveBeenCalled();

    await h.receive(incoming());
    vi.advanceTimersByTime(RING_TIMEOUT_MS + INCOMING_GRACE_MS);
    expect(h.controller.state.status).toBe('idle');
    expect(toasts()).toEqual([]);
  });

  it('turns away a second caller while busy', async () => {
    const h = harness();
    await h.receive(incoming());
    await h.receive(incoming({ id: 3, displayName: 'Ana', profileImageUrl: null }, 3));
    expect(h.sent).toEqual([{ type: 'rejectCall', toUserId: 3 }]);
    expect(h.controller.state).toMatchObject({ status: 'incoming', peer: { id: 2 } });
  });

  it("says 'Microphone Error' and turns the call down when the microphone is refused on accept", async () => {
    const h = harness({ getUserMedia: () => Promise.reject(new Error('denied')) });
    await h.receive(incoming());
    await h.controller.accept();
    expect(h.sent).toEqual([{ type: 'rejectCall', toUserId: 2 }]);
    expect(toasts().at(-1)).toBe('Microphone Error: Could not access microphone. Please grant permission and try again.');
    expect(h.controller.state.status).toBe('idle');
  });
});
