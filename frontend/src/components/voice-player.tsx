//! A recording's player (issue 43: chat voice notes, voice reactions): a round play/pause button, how far it has played as a bar,
//! and its length ('0:07'), or the time left while it plays. The audio element is hidden; the
//! button and the bar are the controls. Keyed by its source where the clip can change.
import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatMSs } from '@/lib/duration';
import { cn } from '@/lib/utils';

export function VoicePlayer({
  src,
  seconds,
  label,
  className,
}: {
  src: string;
  /** Its length in whole seconds, as known before the audio loads. */
  seconds: number;
  /** What it is, for the button ('Play voice message'). */
  label: string;
  className?: string;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const length = Math.max(1, seconds);

  const toggle = () => {
    const node = audio.current;
    if (!node) return;
    if (node.paused) {
      node.play().catch((error: unknown) => {
        console.error('Could not play the voice note', error);
        setPlaying(false);
      });
    } else {
      node.pause();
    }
  };

  const progress = Math.min(1, position / length);
  return (
    <div className={cn('flex min-w-44 items-center gap-2', className)}>
      <button
        type="button"
        aria-label={`${playing ? 'Pause' : 'Play'} ${label.toLowerCase()}`}
        aria-pressed={playing}
        onClick={toggle}
        className="grid size-11 shrink-0 place-items-center rounded-full bg-white/15 text-white transition hover:bg-white/25"
      >
        {playing ? <Pause aria-hidden="true" className="size-5 fill-current" /> : <Play aria-hidden="true" className="size-5 fill-current" />}
      </button>
      <span aria-hidden="true" className="relative h-1.5 min-w-16 flex-1 overflow-hidden rounded-full bg-white/20">
        <span className="absolute inset-y-0 left-0 rounded-full bg-white" style={{ width: `${progress * 100}%` }} />
      </span>
      <span className="shrink-0 font-mono text-xs tabular-nums opacity-80">
        {formatMSs(playing || position > 0 ? Math.max(0, length - position) : length)}
      </span>
      {/* Someone's own recording has no caption track; what it says, once the server has transcribed
          it (issue 47), is text beside the player (voice-transcript.tsx). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- user-recorded audio; its transcript is shown as text */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        className="hidden"
      />
    </div>
  );
}
