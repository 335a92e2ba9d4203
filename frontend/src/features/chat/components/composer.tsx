//! The composer: a 40–120 px text box ('Message...'; Enter sends, Shift+Enter is a
//! new line), the emoji picker, the record button with its seconds counter, the send button (off
//! while blank or sending), and the reply target above it. Typing sends the typing signal; 4000
//! characters at most, counted near the cap. A recording stops on a second press or at 60 s and
//! waits as a preview (issue 43, as a voicemail does): play it, Delete it, or Send it as a voice
//! message, as a reply when a reply target is set, like text. Nothing is sent until Send.
import { Mic, Reply, Send, Smile, Square, Trash2, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAudioRecorder, type RecordedClip } from '@/hooks/use-audio-recorder';
import { randomKey } from '@/lib/random-key';
import { cn } from '@/lib/utils';
import { MESSAGE_MAX_LENGTH, useSendMessage, useSendVoiceMessage, VOICE_MESSAGE_MAX_SECONDS } from '../api/send-message';
import { messagePreview } from '../conversation';
import { useTypingSignal } from '../hooks/use-typing';
import type { Message, ReplyPreview } from '../types';
import { VoicePlayer } from '@/components/voice-player';

const ChatEmojiPicker = lazy(() => import('./emoji-picker'));

/** The composer's height range. */
export const COMPOSER_MIN_HEIGHT_PX = 40;
export const COMPOSER_MAX_HEIGHT_PX = 120;
/** The counter shows from 90 % of the cap on. */
export const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

function recordingError() {
  toast({ variant: 'destructive', title: 'Recording Error', description: 'Could not access microphone. Please check permissions.' });
}

/** Stands in for the text box while recording: the seconds counter. */
function RecordingBar({ seconds }: { seconds: number }) {
  return (
    <p className="mb-0.5 flex min-h-10 min-w-0 flex-1 items-center gap-2 rounded-2xl border border-red-400/40 bg-red-500/10 px-3 text-sm text-red-200">
      <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-red-500" />
      <span className="truncate">Recording...</span>
      <span role="timer" aria-label="Recording time" className="ml-auto font-mono tabular-nums">
        {seconds}s
      </span>
    </p>
  );
}

/** A finished recording waiting for Send or Delete, with a URL for its player (revoked when dropped). */
interface Clip extends RecordedClip {
  url: string;
}

/** Stands in for the text box once a recording stops: its player, Delete and Send. */
function VoicePreview({
  clip,
  sending,
  onDelete,
  onSend,
}: {
  clip: Clip;
  sending: boolean;
  onDelete: () => void;
  onSend: () => void;
}) {
  return (
    <section
      aria-label="Voice message preview"
      className="mb-0.5 flex min-w-0 flex-1 items-center gap-1 rounded-2xl border border-fuchsia-400/40 bg-fuchsia-500/10 py-1 pr-1 pl-1.5 text-zinc-50"
    >
      <IconButton
        label="Delete voice message"
        icon={Trash2}
        iconClassName="size-5"
        disabled={sending}
        onClick={onDelete}
        className="text-zinc-300 hover:bg-white/5 hover:text-red-300 disabled:opacity-40"
      />
      <VoicePlayer key={clip.url} src={clip.url} seconds={clip.seconds} label="Voice message preview" className="min-w-0 flex-1" />
      {sending ? (
        <Spinner label="Sending voice message" className="size-11 shrink-0 [&>div]:size-6 [&>div]:border-2" />
      ) : (
        <IconButton
          label="Send voice message"
          icon={Send}
          iconClassName="size-5"
          onClick={onSend}
          className="bg-gradient-to-r from-fuchsia-600 via-purple-600 to-indigo-600 text-[#fff]"
        />
      )}
    </section>
  );
}

/** The record button: Mic, then Stop while recording. */
function RecordButton({ recorder }: { recorder: ReturnType<typeof useAudioRecorder> }) {
  const recording = recorder.status === 'recording';
  return (
    <IconButton
      label={recording ? 'Stop recording' : 'Record voice message'}
      icon={recording ? Square : Mic}
      iconClassName={cn('size-5', recording && 'fill-current')}
      disabled={recorder.status === 'starting'}
      onClick={() => (recording ? recorder.stop() : void recorder.start())}
      className={cn(
        'disabled:opacity-60',
        recording ? 'bg-red-500/20 text-red-200 hover:bg-red-500/30' : 'text-zinc-300 hover:bg-white/5 hover:text-white',
      )}
    />
  );
}

function toReplyPreview(message: Message): ReplyPreview {
  return {
    id: message.id,
    sender: { id: message.sender.id, displayName: message.sender.displayName },
    content: message.content,
    messageType: message.messageType,
  };
}

export function Composer({
  conversationId,
  replyTo,
  onClearReply,
}: {
  conversationId: number;
  replyTo: Message | null;
  onClearReply: () => void;
}) {
  const [text, setText] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const send = useSendMessage(conversationId);
  const sendVoice = useSendVoiceMessage(conversationId);
  const [clip, setClip] = useState<Clip | null>(null);
  const recorder = useAudioRecorder({
    maxSeconds: VOICE_MESSAGE_MAX_SECONDS,
    onRecorded: (recorded) => setClip({ ...recorded, url: URL.createObjectURL(recorded.blob) }),
    onError: recordingError,
  });
  useEffect(() => {
    if (!clip) return;
    return () => URL.revokeObjectURL(clip.url);
  }, [clip]);
  // Sent as a reply to the target selected when Send is pressed, which then clears, as for text.
  const sendClip = () => {
    if (!clip) return;
    sendVoice.mutate(
      { blob: clip.blob, seconds: clip.seconds, replyToId: replyTo?.id, key: randomKey() },
      { onSuccess: () => setClip(null) },
    );
    if (replyTo) onClearReply();
  };
  const recording = recorder.status === 'recording';
  // The text box gives way to the recording's counter, then to its preview.
  const voice = recording || clip !== null;
  const typing = useTypingSignal(conversationId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && !send.isPending && !voice;

  // Grows with its content between 40 and 120 px, then scrolls.
  useLayoutEffect(() => {
    const node = textarea.current;
    if (!node) return;
    node.style.height = 'auto';
    node.style.height = `${Math.min(COMPOSER_MAX_HEIGHT_PX, Math.max(COMPOSER_MIN_HEIGHT_PX, node.scrollHeight))}px`;
  }, [text]);

  // The picker closes on a press outside it.
  useEffect(() => {
    if (!pickerOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!picker.current?.contains(target) && !(target as Element).closest?.('[data-emoji-toggle]')) setPickerOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [pickerOpen]);

  const submit = () => {
    if (!canSend) return;
    send.mutate({
      content: trimmed,
      replyTo: replyTo ? toReplyPreview(replyTo) : null,
      createdAt: new Date().toISOString(),
      key: randomKey(),
    });
    setText('');
    onClearReply();
    typing.stopped();
    setPickerOpen(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const change = (next: string) => {
    setText(next);
    if (next.trim()) typing.typed();
  };

  const insertEmoji = (emoji: string) => {
    const node = textarea.current;
    const start = node?.selectionStart ?? text.length;
    const end = node?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    if (next.length > MESSAGE_MAX_LENGTH) return;
    change(next);
    // The caret goes after the emoji, so the next one follows it.
    requestAnimationFrame(() => node?.setSelectionRange(start + emoji.length, start + emoji.length));
  };

  return (
    <form onSubmit={onSubmit} className="relative border-t border-white/10 px-2 pt-2 pb-2">
      {replyTo && (
        <div className="mb-2 flex items-center gap-2 rounded-xl border-l-2 border-fuchsia-400 bg-white/5 py-1 pl-3">
          <Reply aria-hidden="true" className="size-4 shrink-0 text-fuchsia-300" />
          <div className="min-w-0 flex-1">
            <p className="text-xs text-zinc-400">
              Replying to <span className="font-semibold text-zinc-200">{replyTo.sender.displayName}</span>
            </p>
            <p className="truncate text-sm text-zinc-200">{messagePreview(replyTo)}</p>
          </div>
          <IconButton
            label="Cancel reply"
            icon={X}
            iconClassName="size-5"
            onClick={onClearReply}
            className="text-zinc-400 hover:bg-white/5 hover:text-white"
          />
        </div>
      )}
      {pickerOpen && (
        // Escape from the picker's own controls bubbles here and closes it; the box itself is no control.
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches keys bubbling from inside
        <div
          ref={picker}
          className="absolute bottom-full left-2 z-30 mb-2"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setPickerOpen(false);
              textarea.current?.focus();
            }
          }}
        >
          <Suspense fallback={<Spinner label="Loading emoji" className="h-[450px] w-[350px] max-w-[calc(100vw-1rem)] rounded-xl bg-zinc-900" />}>
            <ChatEmojiPicker onPick={insertEmoji} />
          </Suspense>
        </div>
      )}
      <div className="flex items-end gap-1">
        <IconButton
          label="Emoji"
          icon={Smile}
          iconClassName="size-6"
          aria-expanded={pickerOpen}
          data-emoji-toggle=""
          onClick={() => setPickerOpen((open) => !open)}
          disabled={voice}
          className={cn('text-zinc-300 hover:bg-white/5 hover:text-white disabled:opacity-40', pickerOpen && 'text-fuchsia-300')}
        />
        <textarea
          hidden={voice}
          ref={textarea}
          aria-label="Message"
          placeholder="Message..."
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          style={{ minHeight: COMPOSER_MIN_HEIGHT_PX, maxHeight: COMPOSER_MAX_HEIGHT_PX }}
          className="mb-0.5 block min-w-0 flex-1 resize-none rounded-2xl border border-white/10 bg-zinc-900/80 px-3 py-2 text-base leading-6 text-zinc-50 placeholder:text-zinc-500 focus:border-fuchsia-400/70 focus:outline-none"
        />
        {recording && <RecordingBar seconds={recorder.seconds} />}
        {clip ? (
          <VoicePreview clip={clip} sending={sendVoice.isPending} onDelete={() => setClip(null)} onSend={sendClip} />
        ) : (
          <>
            <RecordButton recorder={recorder} />
            <IconButton
              type="submit"
              label="Send message"
              icon={Send}
              iconClassName="size-5"
              disabled={!canSend}
              className="bg-gradient-to-r from-fuchsia-600 via-purple-600 to-indigo-600 text-[#fff] disabled:cursor-not-allowed disabled:opacity-40"
            />
          </>
        )}
      </div>
      {text.length >= COUNTER_FROM && (
        <p
          aria-live="polite"
          className={cn('mt-1 text-right text-xs', text.length >= MESSAGE_MAX_LENGTH ? 'text-red-300' : 'text-zinc-400')}
        >
          {text.length}/{MESSAGE_MAX_LENGTH}
        </p>
      )}
    </form>
  );
}
