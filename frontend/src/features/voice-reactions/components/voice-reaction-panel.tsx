//! Voice reaction panel on a post card or a reel (issue 43): pick one of four emotions, record a
//! webm clip (only once an emotion is chosen), preview it, and send when both exist. Send posts
//! the clip to the item (POST …/voice-reactions, a multipart form); the panel says 'Sending…',
//! then closes with a 'Voice reaction sent' toast, or keeps the clip and shows the server's
//! reason so it can be sent again. A refused or missing microphone is silently ignored.
//! Closing or unmounting stops the microphone and frees the clip's object URL.
import { Mic, Pause, Play, Send, Square, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import { cn } from '@/lib/utils';
import { useSendVoiceReaction } from '../api/send-voice-reaction';
import type { Emotion } from '../types';

export type VoiceEmotion = Emotion;

export const VOICE_EMOTIONS: ReadonlyArray<{ id: VoiceEmotion; label: string; emoji: string }> = [
  { id: 'love', label: 'Love it!', emoji: '❤️' },
  { id: 'excited', label: 'Excited!', emoji: '🤩' },
  { id: 'inspired', label: 'Inspired!', emoji: '✨' },
  { id: 'impressed', label: 'Impressed!', emoji: '👏' },
];

const WEBM = 'audio/webm';

interface Clip {
  url: string;
  blob: Blob;
  /** Seconds between start and stop, as the recorder ran. */
  seconds: number;
}

function stopTracks(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

export function VoiceReactionPanel({
  target,
  onClose,
}: {
  target: { kind: CommunityItemKind; id: number };
  onClose: () => void;
}) {
  const sending = useSendVoiceReaction(target.kind, target.id);
  const [emotion, setEmotion] = useState<VoiceEmotion | null>(null);
  const [recording, setRecording] = useState(false);
  const [clip, setClip] = useState<Clip | null>(null);
  const [playing, setPlaying] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const clipUrl = useRef<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const mounted = useRef(true);

  const replaceClip = (next: Clip | null) => {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = next?.url ?? null;
    setClip(next);
    setPlaying(false);
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const active = recorder.current;
      recorder.current = null;
      if (active && active.state !== 'inactive') {
        active.ondataavailable = null;
        active.onstop = null;
        active.stop();
      }
      stopTracks(stream.current);
      stream.current = null;
      if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
      clipUrl.current = null;
    };
  }, []);

  const startRecording = async () => {
    if (!emotion || recording) return;
    let media: MediaStream;
    let mediaRecorder: MediaRecorder;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return; // A microphone failure is silently ignored
    }
    if (!mounted.current) {
      stopTracks(media);
      return;
    }
    try {
      const supported = typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(WEBM);
      mediaRecorder = new MediaRecorder(media, supported ? { mimeType: WEBM } : undefined);
    } catch {
      stopTracks(media);
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    mediaRecorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    mediaRecorder.onstop = () => {
      stopTracks(media);
      if (stream.current === media) stream.current = null;
      recorder.current = null;
      if (!mounted.current) return;
      setRecording(false);
      const blob = new Blob(chunks, { type: WEBM });
      replaceClip({ blob, url: URL.createObjectURL(blob), seconds: (Date.now() - startedAt) / 1000 });
    };
    stream.current = media;
    recorder.current = mediaRecorder;
    replaceClip(null);
    sending.reset();
    mediaRecorder.start();
    setRecording(true);
  };

  const stopRecording = () => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
  };

  const togglePlayback = () => {
    const element = audio.current;
    if (!element) return;
    if (!playing) {
      void element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  const send = () => {
    if (!emotion || !clip || sending.isPending) return;
    sending.mutate(
      { emotion, clip: clip.blob, duration: Math.max(1, clip.seconds) },
      {
        onSuccess: () => {
          if (!mounted.current) return;
          replaceClip(null);
          setEmotion(null);
          toast({ title: 'Voice reaction sent' });
          onClose();
        },
      },
    );
  };

  return (
    <section aria-label="Voice reaction" className="space-y-3 border-t border-white/10 px-4 py-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-white">Voice reaction</h3>
        <button
          type="button"
          aria-label="Close voice reaction"
          onClick={onClose}
          className="grid size-11 place-items-center rounded-full text-zinc-400 hover:bg-white/5 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div role="group" aria-label="Emotion" className="grid grid-cols-2 gap-2">
        {VOICE_EMOTIONS.map(({ id, label, emoji }) => (
          <button
            key={id}
            type="button"
            aria-pressed={emotion === id}
            onClick={() => setEmotion(id)}
            className={cn(
              'flex min-h-11 items-center justify-center gap-2 rounded-xl border px-2 text-sm font-medium transition',
              emotion === id
                ? 'border-rose-300/60 bg-rose-500/20 text-white'
                : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
            )}
          >
            <span aria-hidden="true">{emoji}</span>
            {label}
          </button>
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {recording ? (
          <Button variant="secondary" onClick={stopRecording} className="border-red-400/50 text-red-200">
            <Square aria-hidden="true" className="size-4 fill-current" />
            Stop
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void startRecording()} disabled={!emotion}>
            <Mic aria-hidden="true" className="size-4" />
            {clip ? 'Record again' : 'Record'}
          </Button>
        )}
        {clip && (
          <>
            <Button variant="secondary" onClick={togglePlayback} aria-label={playing ? 'Pause preview' : 'Play preview'}>
              {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
              {playing ? 'Pause' : 'Play'}
            </Button>
            {/* The user's own recording, played back before sending: there is nothing to caption. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a preview of the user's own recording */}
            <audio ref={audio} src={clip.url} onEnded={() => setPlaying(false)} onPause={() => setPlaying(false)} className="hidden" />
          </>
        )}
        <Button onClick={send} disabled={!emotion || !clip || recording || sending.isPending} className="ml-auto">
          <Send aria-hidden="true" className="size-4" />
          {sending.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      {sending.isError && (
        <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 px-3 py-2 text-xs text-red-200">
          {errorMessage(sending.error) ?? 'Your voice reaction was not sent.'} Try again.
        </p>
      )}
      {recording && (
        <p role="status" className="flex items-center gap-2 text-xs text-red-300">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-500" />
          Recording...
        </p>
      )}
      {!emotion && <p className="text-xs text-zinc-400">Choose an emotion to start recording.</p>}
    </section>
  );
}
