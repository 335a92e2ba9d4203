//! Recording and sending a voicemail (30 s at most: docs/voice-contract.md). The first
//! client stopped at 'select a recipient'; here the recording is previewed and sent to someone
//! the user chats with (POST /api/voicemails), or, after an unanswered call, straight to the
//! person called.
import { Mic, Send, Square, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAudioRecorder } from '@/hooks/use-audio-recorder';
import { formatMSs } from '@/lib/duration';
import { useSendVoicemail, VOICEMAIL_MAX_SECONDS } from '../api/send-voicemail';
import type { VoicemailRecipient } from '../types';

/** A finished recording with a URL for its preview (revoked when it is dropped). */
export interface RecordedVoicemail {
  blob: Blob;
  seconds: number;
  url: string;
}

/** The people a voicemail can go to, as the page hands them in (from the chat's conversations). */
export interface RecipientsState {
  recipients: VoicemailRecipient[];
  isPending: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

export type UseRecipients = () => RecipientsState;

function recordingError() {
  toast({ variant: 'destructive', title: 'Recording Error', description: 'Could not access microphone. Please check permissions.' });
}

/** The recorder with a 30 s cap, keeping the last recording until it is sent or discarded. */
export function useVoicemailRecording(onRecorded?: () => void) {
  const [clip, setClip] = useState<RecordedVoicemail | null>(null);
  const recorder = useAudioRecorder({
    maxSeconds: VOICEMAIL_MAX_SECONDS,
    onRecorded: ({ blob, seconds }) => {
      setClip({ blob, seconds, url: URL.createObjectURL(blob) });
      onRecorded?.();
    },
    onError: recordingError,
  });

  useEffect(() => {
    if (!clip) return;
    return () => URL.revokeObjectURL(clip.url);
  }, [clip]);

  return { recorder, clip, discard: () => setClip(null) };
}

/** The recording's timer: '0:07 / 0:30'. */
export function RecordingTimer({ seconds }: { seconds: number }) {
  return (
    <p className="flex items-center gap-2 text-sm text-red-200">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-500" />
      <span role="timer" aria-label="Recording time" className="font-mono tabular-nums">
        {formatMSs(seconds)}
      </span>
      <span className="text-zinc-400">/ {formatMSs(VOICEMAIL_MAX_SECONDS)}</span>
    </p>
  );
}

function RecipientPicker({
  useRecipients,
  value,
  onChange,
}: {
  useRecipients: UseRecipients;
  value: number | null;
  onChange: (recipient: VoicemailRecipient | null) => void;
}) {
  const { recipients, isPending, hasMore, loadMore } = useRecipients();
  const id = useId();
  if (!isPending && recipients.length === 0) {
    return <p className="text-sm text-zinc-400">Start a conversation with someone to leave them a voicemail.</p>;
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        Send to
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          value={value ?? ''}
          disabled={isPending}
          onChange={(event) => onChange(recipients.find((r) => r.id === Number(event.target.value)) ?? null)}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-white/10 bg-zinc-900 px-3 text-base text-zinc-50 focus:border-fuchsia-400/70 focus:outline-none"
        >
          <option value="">{isPending ? 'Loading...' : 'Choose a recipient'}</option>
          {recipients.map((r) => (
            <option key={r.id} value={r.id}>
              {r.displayName}
            </option>
          ))}
        </select>
        {hasMore && (
          <Button variant="secondary" onClick={loadMore}>
            More
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A recording ready to go: its preview, the recipient (chosen here, or fixed), 'Send Voicemail'
 * and 'Discard'.
 */
export function SendVoicemailForm({
  clip,
  recipient: fixedRecipient,
  useRecipients,
  onSent,
  onDiscard,
}: {
  clip: RecordedVoicemail;
  /** The person it goes to; without one, `useRecipients` offers the choice. */
  recipient?: VoicemailRecipient;
  useRecipients?: UseRecipients;
  onSent: () => void;
  onDiscard: () => void;
}) {
  const send = useSendVoicemail();
  const [chosen, setChosen] = useState<VoicemailRecipient | null>(null);
  const recipient = fixedRecipient ?? chosen;

  return (
    <section aria-label="New voicemail" className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900/80 p-3 text-left">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-white">
          {fixedRecipient ? `Voicemail for ${fixedRecipient.displayName}` : 'New voicemail'}
        </p>
        <span className="font-mono text-xs text-zinc-400 tabular-nums">{formatMSs(clip.seconds)}</span>
      </div>
      {/* The user's own recording, played back before sending: there is nothing to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a preview of the user's own recording */}
      <audio controls src={clip.url} aria-label="Voicemail preview" className="h-10 w-full" />
      {!fixedRecipient && useRecipients && (
        <RecipientPicker useRecipients={useRecipients} value={chosen?.id ?? null} onChange={setChosen} />
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDiscard} disabled={send.isPending} className="px-3 whitespace-nowrap">
          <Trash2 aria-hidden="true" className="size-4" />
          Discard
        </Button>
        <Button
          onClick={() => recipient && send.mutate({ recipient, blob: clip.blob, seconds: clip.seconds }, { onSuccess: onSent })}
          disabled={!recipient || send.isPending}
          className="flex-1 whitespace-nowrap"
        >
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Sending...' : 'Send Voicemail'}
        </Button>
      </div>
    </section>
  );
}

/**
 * 'Leave a voicemail' after an unanswered call: records at once for `recipient`, then the
 * preview and send. `onDone` when it is sent, discarded or cancelled.
 */
export function LeaveVoicemail({ recipient, onDone }: { recipient: VoicemailRecipient; onDone: () => void }) {
  const { recorder, clip } = useVoicemailRecording();
  const { start } = recorder;

  useEffect(() => {
    void start();
  }, [start]);

  if (clip) return <SendVoicemailForm clip={clip} recipient={recipient} onSent={onDone} onDiscard={onDone} />;

  const recording = recorder.status === 'recording';
  return (
    <section aria-label="Leave a voicemail" className="space-y-3 rounded-2xl border border-white/10 bg-zinc-900/80 p-3 text-left">
      <p className="text-sm font-semibold text-white">Voicemail for {recipient.displayName}</p>
      {recording ? <RecordingTimer seconds={recorder.seconds} /> : <p className="text-sm text-zinc-400">Up to 30 seconds.</p>}
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            recorder.cancel();
            onDone();
          }}
          className="px-3 whitespace-nowrap"
        >
          Cancel
        </Button>
        {recording ? (
          <Button variant="danger" onClick={recorder.stop} className="flex-1 whitespace-nowrap">
            <Square aria-hidden="true" className="size-4 fill-current" />
            Stop recording
          </Button>
        ) : (
          <Button onClick={() => void start()} disabled={recorder.status === 'starting'} className="flex-1 whitespace-nowrap">
            <Mic aria-hidden="true" className="size-4" />
            Record
          </Button>
        )}
      </div>
    </section>
  );
}
