//! Recording from the microphone: getUserMedia, a
//! MediaRecorder in webm (the browser's own format where webm is missing), a seconds counter
//! that ticks each second, and a cap that stops the recording by itself. The microphone is
//! released as soon as the recording ends, is cancelled, or its component unmounts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';

/** Audio is recorded as webm. */
export const RECORDING_TYPE = 'audio/webm';

/** `idle`, `starting` (asking for the microphone), `recording`. */
export type RecorderStatus = 'idle' | 'starting' | 'recording';

export interface RecordedClip {
  blob: Blob;
  /** Whole seconds, at least 1 and at most the cap. */
  seconds: number;
}

export interface AudioRecorderOptions {
  /** The recording stops by itself after this many seconds. */
  maxSeconds: number;
  /** A recording ended by stop() or by the cap (not by cancel() or unmounting). */
  onRecorded: (clip: RecordedClip) => void;
  /** The microphone could not be opened or recorded from; the recorder is idle again. */
  onError: (error: unknown) => void;
}

interface Session {
  stream: MediaStream | null;
  recorder: MediaRecorder | null;
  startedAt: number;
  ticker: ReturnType<typeof setInterval> | undefined;
  cap: ReturnType<typeof setTimeout> | undefined;
  cancelled: boolean;
}

function stopTracks(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

function createRecorder(stream: MediaStream): MediaRecorder {
  const webm = typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(RECORDING_TYPE);
  return new MediaRecorder(stream, webm ? { mimeType: RECORDING_TYPE } : undefined);
}

/** The blob's type without codec parameters ('audio/webm;codecs=opus' → 'audio/webm'). */
function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim() || RECORDING_TYPE;
}

export function useAudioRecorder({ maxSeconds, onRecorded, onError }: AudioRecorderOptions) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [seconds, setSeconds] = useState(0);
  const session = useRef<Session | null>(null);
  const callbacks = useLatest({ onRecorded, onError });

  const release = useCallback((current: Session) => {
    clearInterval(current.ticker);
    clearTimeout(current.cap);
    stopTracks(current.stream);
    current.stream = null;
    if (session.current === current) session.current = null;
  }, []);

  const stop = useCallback(() => {
    const recorder = session.current?.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    const current: Session = { stream: null, recorder: null, startedAt: 0, ticker: undefined, cap: undefined, cancelled: false };
    session.current = current;
    setSeconds(0);
    setStatus('starting');
    let recorder: MediaRecorder;
    try {
      current.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (current.cancelled) {
        release(current);
        return;
      }
      recorder = createRecorder(current.stream);
    } catch (error) {
      release(current);
      if (current.cancelled) return;
      setStatus('idle');
      callbacks.current.onError(error);
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const elapsedMs = Date.now() - current.startedAt;
      release(current);
      if (current.cancelled) return;
      setStatus('idle');
      setSeconds(0);
      const blob = new Blob(chunks, { type: baseType(recorder.mimeType || RECORDING_TYPE) });
      callbacks.current.onRecorded({ blob, seconds: Math.min(maxSeconds, Math.max(1, Math.round(elapsedMs / 1000))) });
    };
    current.recorder = recorder;
    try {
      recorder.start();
    } catch (error) {
      release(current);
      setStatus('idle');
      callbacks.current.onError(error);
      return;
    }
    current.startedAt = Date.now();
    setStatus('recording');
    current.ticker = setInterval(
      () => setSeconds(Math.min(maxSeconds, Math.floor((Date.now() - current.startedAt) / 1000))),
      1000,
    );
    current.cap = setTimeout(stop, maxSeconds * 1000);
  }, [maxSeconds, release, stop, callbacks]);

  /** Ends the recording without a clip and releases the microphone. */
  const cancel = useCallback(() => {
    const current = session.current;
    if (!current) return;
    current.cancelled = true;
    const recorder = current.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    release(current);
    setStatus('idle');
    setSeconds(0);
  }, [release]);

  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.cancelled = true;
      if (current.recorder && current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    },
    [release],
  );

  return { status, seconds, start, stop, cancel };
}
