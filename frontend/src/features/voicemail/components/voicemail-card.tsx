//! One voicemail (docs/voice-contract.md): the sender's avatar and name, when it came, its length
//! (m:ss), 'New' until listened, Play/Pause, the player, and under it what it says (issue 47:
//! 'Transcribing…' while the server transcribes it, then the text; nothing for silence).
//! Playing it, by the button or the player's own control, marks it listened. A
//! failure says 'Playback Error' only when the user asked to play it.
import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { VoiceTranscript } from '@/components/voice-transcript';
import { formatMSs } from '@/lib/duration';
import { relativeTime } from '@/lib/relative-time';
import { useMarkListened } from '../api/mark-listened';
import type { Voicemail } from '../types';

/** A play() cut short by a pause or a new source is not a failure. */
function isAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One voicemail plays at a time. */
function pauseOthers(current: HTMLAudioElement | null) {
  document.querySelectorAll<HTMLAudioElement>('audio[data-voicemail]').forEach((element) => {
    if (element !== current && !element.paused) element.pause();
  });
}

export function VoicemailCard({ voicemail }: { voicemail: Voicemail }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const listen = useMarkListened();
  const marking = useRef(false);
  /**
   * Whether the user asked for playback (Play, or the player's own control) and no failure has
   * been reported for it: a file that fails to load before anyone presses play says nothing.
   */
  const playRequested = useRef(false);
  const name = voicemail.fromUser.displayName;

  const playbackError = (error?: unknown) => {
    if (isAborted(error) || !playRequested.current) return;
    // Once per request: a failed load both rejects play() and fires the audio's error event.
    playRequested.current = false;
    toast({ variant: 'destructive', title: 'Playback Error', description: 'Could not play this voicemail.' });
  };

  const onPlay = () => {
    playRequested.current = true;
    setPlaying(true);
    pauseOthers(audio.current);
    if (voicemail.isListened || marking.current) return;
    marking.current = true;
    listen.mutate(voicemail.id, { onSettled: () => (marking.current = false) });
  };
  /** Paused or played to the end: the button offers Play again. */
  const onStopped = () => {
    playRequested.current = false;
    setPlaying(false);
  };

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      element.pause();
      return;
    }
    playRequested.current = true;
    try {
      Promise.resolve(element.play()).catch(playbackError);
    } catch (error) {
      playbackError(error);
    }
  };

  return (
    <li>
      <article
        aria-label={`Voicemail from ${name}`}
        className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900/70 p-3"
        data-listened={voicemail.isListened}
      >
        <div className="flex items-center gap-3">
          <Avatar src={voicemail.fromUser.profileImageUrl} name={name} className="size-11 text-base" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2">
              <span className="truncate font-semibold text-white">{name}</span>
              {!voicemail.isListened && (
                <span className="shrink-0 rounded-full bg-fuchsia-500/25 px-2 text-xs leading-5 font-semibold text-fuchsia-200">
                  New
                </span>
              )}
            </p>
            <p className="text-xs text-zinc-400">
              <time dateTime={voicemail.createdAt}>{relativeTime(voicemail.createdAt)}</time>
              <span aria-hidden="true"> · </span>
              <span aria-label={`Length ${formatMSs(voicemail.duration)}`}>{formatMSs(voicemail.duration)}</span>
            </p>
          </div>
          <Button
            variant="secondary"
            aria-label={`${playing ? 'Pause' : 'Play'} voicemail from ${name}`}
            onClick={toggle}
            className="shrink-0"
          >
            {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            {playing ? 'Pause' : 'Play'}
          </Button>
        </div>
        {/* Its text is the transcript below when there is one; a recording has no caption track. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- user-recorded audio, transcript shown as text */}
        <audio
          ref={audio}
          data-voicemail=""
          controls
          preload="metadata"
          src={voicemail.voiceUrl}
          aria-label={`Voicemail from ${name}`}
          onPlay={onPlay}
          onPause={onStopped}
          onEnded={onStopped}
          onError={() => {
            setPlaying(false);
            playbackError();
          }}
          className="h-10 w-full"
        />
        <VoiceTranscript transcript={voicemail.transcript} transcribing={voicemail.transcribing} />
      </article>
    </li>
  );
}
