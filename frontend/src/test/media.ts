//! Microphone, recorder and peer-connection stand-ins for jsdom, which has none of them:
//! installMedia() puts a getUserMedia that hands out fake streams (or refuses), a MediaRecorder
//! that yields a small webm blob, object URLs, and an RTCPeerConnection whose instances the test
//! drives (candidates, remote tracks, connection state).
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export class FakeTrack {
  kind = 'audio';
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  stop = vi.fn(() => {
    this.readyState = 'ended';
  });
}

export class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm';
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: FakeStream,
    options?: MediaRecorderOptions,
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['webm-bytes'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
  static latest(): FakeMediaRecorder {
    const recorder = FakeMediaRecorder.instances.at(-1);
    if (!recorder) throw new Error('no MediaRecorder was created');
    return recorder;
  }
}

type Handler<E> = ((event: E) => void) | null;

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  readonly configuration: RTCConfiguration;
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  readonly tracks: FakeTrack[] = [];
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: Handler<{ candidate: { toJSON(): RTCIceCandidateInit } | null }> = null;
  ontrack: Handler<{ streams: unknown[]; track: FakeTrack }> = null;
  onconnectionstatechange: Handler<Event> = null;
  oniceconnectionstatechange: Handler<Event> = null;

  constructor(configuration: RTCConfiguration) {
    this.configuration = configuration;
    FakePeerConnection.instances.push(this);
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: 'offer-sdp' };
  }
  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: 'answer-sdp' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.addedCandidates.push(candidate);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }

  /** The browser found a local candidate. */
  emitCandidate(candidate: RTCIceCandidateInit) {
    act(() => this.onicecandidate?.({ candidate: { toJSON: () => candidate } }));
  }
  /** The other side's audio arrived. */
  emitTrack() {
    act(() => this.ontrack?.({ streams: [new FakeStream()], track: new FakeTrack() }));
  }
  /** The connection moved to `state`. */
  setConnectionState(state: RTCPeerConnectionState) {
    act(() => {
      this.connectionState = state;
      this.onconnectionstatechange?.(new Event('connectionstatechange'));
    });
  }
  static latest(): FakePeerConnection {
    const pc = FakePeerConnection.instances.at(-1);
    if (!pc) throw new Error('no RTCPeerConnection was created');
    return pc;
  }
}

export interface FakeMedia {
  getUserMedia: ReturnType<typeof vi.fn>;
  /** Every stream handed out, oldest first. */
  streams: FakeStream[];
  /** From now on the microphone is refused (NotAllowedError). */
  refuse(): void;
}

/** Installs the fakes on the global object; undo with vi.unstubAllGlobals() and vi.restoreAllMocks(). */
export function installMedia(): FakeMedia {
  FakeMediaRecorder.instances = [];
  FakePeerConnection.instances = [];
  let refused = false;
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn(async () => {
    if (refused) throw new DOMException('Permission denied', 'NotAllowedError');
    const stream = new FakeStream();
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
  let nextUrl = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => `blob:clip-${++nextUrl}`), revokeObjectURL: vi.fn() });
  return {
    getUserMedia,
    streams,
    refuse: () => {
      refused = true;
    },
  };
}

/** Lets pending promise callbacks (fake media, FileReader, fetch) run, under fake timers too. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

/**
 * For a test file: fake timers (with Date; setImmediate stays real, jsdom's FileReader runs on
 * it) and installMedia() in each test, real ones after it. `advance` lets the fake clock also
 * follow real time, so that waitFor and findBy work. Returns the current test's media.
 */
export function fakeMediaEachTest({ advance = true }: { advance?: boolean } = {}): () => FakeMedia {
  let media: FakeMedia | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: advance, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    media = installMedia();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
  return () => {
    if (!media) throw new Error('fakeMediaEachTest(): no test is running');
    return media;
  };
}
