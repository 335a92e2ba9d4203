//! What a recording says (issue 47), under its player: a chat voice message, a voicemail, a voice
//! reaction. The server transcribes each in the background: 'Transcribing…' while it does, then
//! the text, smaller and muted, which can be selected and copied. Silence ("") and a transcript
//! that failed or was never made (null) show nothing. The line is a polite live region, so the
//! text is read out when it takes the place of 'Transcribing…'.
import { cn } from '@/lib/utils';

export const TRANSCRIBING = 'Transcribing…';

export function VoiceTranscript({
  transcript,
  transcribing,
  className,
}: {
  transcript: string | null;
  transcribing: boolean;
  /** Its place (width, padding); the text's size and colour are its own. */
  className?: string;
}) {
  const text = transcript?.trim() ? transcript : null;
  if (!transcribing && !text) return null;
  return (
    <div aria-live="polite" data-transcript="" className={cn('text-[13px] leading-snug text-zinc-400', className)}>
      {transcribing ? (
        <p className="italic">{TRANSCRIBING}</p>
      ) : (
        <p className="break-words whitespace-pre-wrap text-zinc-300 select-text">{text}</p>
      )}
    </div>
  );
}
