//! One message: own messages on the right with a double check mark, others on the
//! left; a quoted reply above the text; reaction chips below that toggle. Its time and actions
//! (heart, thumbs up, reply, copy, and 'Report message' on someone else's) show on hover, on keyboard focus, or after a 500 ms touch.
//! A voice message is its label and a player, without copy; a call line sits in the middle
//! without actions; a shared post or reel (issue 19) is a card that opens it (a post's picture
//! named by its first image's alt text, a post of several images marked as such: issue 44), or
//! 'Post unavailable' when it is gone. In a group, the first of a run of someone else's messages
//! carries their name and small avatar above it; a group's system line is small muted text in
//! the middle, without bubble or actions (SystemLine). Issue 43: '+' after the quick reactions
//! opens the emoji picker for any other; your own messages offer Unsend (and Edit, for text within
//! 15 minutes); an unsent message reads 'Message removed' without actions, an edited one 'edited'.
//! Issue 47: under a voice message, 'Transcribing…' while the server transcribes it, then what it
//! says; a message chosen in the search is ringed for a moment.
import {
  AlertCircle,
  Ban,
  CheckCheck,
  Clapperboard,
  Clock,
  Copy,
  Flag,
  ImageOff,
  Pencil,
  Phone,
  PhoneMissed,
  PhoneOff,
  Plus,
  Reply,
  Undo2,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { useLongPress } from '@/hooks/use-long-press';
import { cn } from '@/lib/utils';
import { callLineText, messagePreview, messageTime } from '../conversation';
import type { CallOutcome, MessageType, Reaction, ReplyPreview, SharedPost, SharedReel } from '../types';
import { VoicePlayer } from '@/components/voice-player';
import { VoiceTranscript } from '@/components/voice-transcript';

const ChatEmojiPicker = lazy(() => import('./emoji-picker'));

/** What an unsent message shows in its place (issue 43). */
export const MESSAGE_REMOVED = 'Message removed';

/** The quick reactions. */
export const QUICK_REACTIONS = [
  { emoji: '❤️', label: 'React with heart' },
  { emoji: '👍', label: 'React with thumbs up' },
] as const;

/** What a bubble shows: a server message, or one of the outbox. */
export interface BubbleMessage {
  content: string;
  messageType: MessageType;
  voiceUrl?: string | null;
  duration?: number | null;
  callOutcome?: CallOutcome | null;
  sharedPost?: SharedPost | null;
  sharedReel?: SharedReel | null;
  replyTo: ReplyPreview | null;
  reactions: Reaction[];
  createdAt: string;
  /** Issue 43: when its sender last edited it ('edited'). */
  editedAt?: string | null;
  /** Issue 43: its sender unsent it ('Message removed'). */
  unsent?: boolean;
  /** Issue 47: what a voice message says, once transcribed ("" for silence). */
  transcript?: string | null;
  /** Issue 47: the server is transcribing it ('Transcribing…'). */
  transcribing?: boolean;
}

export type BubbleStatus = 'sent' | 'pending' | 'failed';

const actionClass =
  'grid size-11 shrink-0 place-items-center rounded-full text-zinc-300 transition hover:bg-white/10 hover:text-white';

function ReplyQuote({ replyTo, mine }: { replyTo: ReplyPreview; mine: boolean }) {
  return (
    <blockquote
      aria-label={`Reply to ${replyTo.sender.displayName}`}
      className={cn(
        'mb-1.5 rounded-lg border-l-2 px-2 py-1 text-xs',
        mine ? 'border-white/70 bg-black/20 text-white/90' : 'border-fuchsia-400/70 bg-black/25 text-zinc-300',
      )}
    >
      <p className="font-semibold">{replyTo.sender.displayName}</p>
      <p className="line-clamp-2 break-words whitespace-pre-wrap">{messagePreview(replyTo)}</p>
    </blockquote>
  );
}

/**
 * The picture of a shared post (issue 44): its first image's thumbnail, named by that image's alt
 * text (the caption when its author wrote none), and how many images it holds.
 */
function sharedPostCover(post: SharedPost) {
  const first = post.media[0];
  return {
    src: first ? (first.thumbnailUrl ?? first.url) : (post.thumbnailUrl ?? post.imageUrl),
    alt: first?.alt.trim() || post.caption.trim(),
    count: post.media.length,
  };
}

/** The card of a shared post or reel: its picture, author and caption; it opens the item. */
function SharedCard({ message }: { message: BubbleMessage }) {
  const isReel = message.messageType === 'reel';
  const item = isReel ? message.sharedReel : message.sharedPost;
  if (!item) {
    return (
      <p className="flex items-center gap-2 text-sm italic opacity-80">
        <ImageOff aria-hidden="true" className="size-4" />
        Post unavailable
      </p>
    );
  }
  const cover = 'posterUrl' in item ? { src: item.posterUrl, alt: '', count: 1 } : sharedPostCover(item);
  const picture = cover.src;
  const href = isReel ? `/reels?reel=${item.id}` : `/p/${item.id}`;
  const what = isReel ? 'reel' : 'post';
  const several = cover.count > 1;
  return (
    <Link
      href={href}
      aria-label={`Open ${what} by ${item.user.displayName}${item.caption ? `: ${item.caption.slice(0, 80)}` : ''}${several ? `, ${cover.count} images` : ''}`}
      data-shared={what}
      className="-mx-1 -mt-0.5 block w-52 max-w-full overflow-hidden rounded-xl bg-black/30 text-left hover:brightness-110"
    >
      <span className="flex items-center gap-2 px-2.5 py-2 text-xs font-semibold">{item.user.displayName}</span>
      <span className="relative block">
        {picture ? (
          <img src={picture} alt={cover.alt} className={cn('w-full object-cover', isReel ? 'aspect-[3/4]' : 'aspect-square')} />
        ) : (
          <span className="grid aspect-[3/4] w-full place-items-center bg-zinc-800">
            <Clapperboard aria-hidden="true" className="size-8 opacity-70" />
          </span>
        )}
        {isReel && picture && (
          <Clapperboard aria-hidden="true" className="absolute top-2 right-2 size-5 text-white drop-shadow" />
        )}
        {several && (
          <Copy
            aria-hidden="true"
            data-testid="several-images"
            className="absolute top-2 right-2 size-5 text-white drop-shadow"
          />
        )}
      </span>
      {item.caption && <span className="line-clamp-2 px-2.5 py-2 text-xs">{item.caption}</span>}
    </Link>
  );
}

function Body({ message }: { message: BubbleMessage }) {
  if (message.messageType === 'post' || message.messageType === 'reel') return <SharedCard message={message} />;
  if (message.messageType === 'voice') {
    return (
      <div className="space-y-1">
        <p className="text-sm">Voice message ({message.duration ?? 0}s)</p>
        {message.voiceUrl && <VoicePlayer src={message.voiceUrl} seconds={message.duration ?? 0} label="Voice message" />}
      </div>
    );
  }
  return <p className="break-words whitespace-pre-wrap">{message.content}</p>;
}

/** A call line (issue 8): centred, between the two sides, with no actions. */
function CallLine({ message }: { message: BubbleMessage }) {
  const Icon = message.callOutcome === 'missed' ? PhoneMissed : message.callOutcome === 'declined' ? PhoneOff : Phone;
  return (
    <li data-call-line="" className="flex justify-center">
      <p
        className={cn(
          'flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1.5 text-sm',
          message.callOutcome === 'completed' ? 'text-zinc-300' : 'text-rose-300',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span>{callLineText(message)}</span>
        <time dateTime={message.createdAt} className="text-xs text-zinc-500">
          {messageTime(message.createdAt)}
        </time>
      </p>
    </li>
  );
}

/** A group's system line ('Maya added Leo'): centred, small and muted, without bubble or actions. */
export function SystemLine({ text, createdAt }: { text: string; createdAt: string }) {
  return (
    <li data-system-line="" className="flex justify-center px-6 py-1">
      <p className="text-center text-xs text-zinc-400">
        {text}
        <span className="sr-only">
          , <time dateTime={createdAt}>{messageTime(createdAt)}</time>
        </span>
      </p>
    </li>
  );
}

/** Who wrote a run of messages in a group: their small avatar and name, above the first bubble. */
export interface BubbleSender {
  displayName: string;
  profileImage: string | null;
}

function SenderLabel({ sender }: { sender: BubbleSender }) {
  return (
    <p className="flex items-center gap-1.5 pl-1 text-xs font-semibold text-zinc-300">
      {/* The name follows in text: the picture is not read out as well. */}
      <span aria-hidden="true">
        <Avatar src={sender.profileImage} name={sender.displayName} className="size-5 text-[10px]" />
      </span>
      <span className="truncate">{sender.displayName}</span>
    </p>
  );
}

function StatusMark({ status }: { status: BubbleStatus }) {
  if (status === 'pending') return <Clock role="img" aria-label="Sending" className="size-3.5 text-white/70" />;
  if (status === 'failed') return <AlertCircle role="img" aria-label="Not sent" className="size-3.5 text-red-200" />;
  return <CheckCheck role="img" aria-label="Sent" className="size-3.5 text-white/70" />;
}

export function MessageBubble({
  message,
  messageId,
  highlighted = false,
  mine,
  sender,
  status = 'sent',
  active = false,
  onActivate,
  onReact,
  onReply,
  onCopy,
  onReport,
  onRetry,
  onEdit,
  onUnsend,
}: {
  message: BubbleMessage;
  /** The server's id (none in the outbox): where the search finds the bubble. */
  messageId?: number;
  /** Chosen in the search (issue 47): ringed for a moment. */
  highlighted?: boolean;
  mine: boolean;
  /** In a group, on the first of a run of someone else's messages: who wrote it, shown above. */
  sender?: BubbleSender;
  status?: BubbleStatus;
  /** Shows the time and actions (after a long press) until another message is pressed. */
  active?: boolean;
  onActivate?: () => void;
  /** Absent on messages the server does not have yet: no actions. */
  onReact?: (emoji: string) => void;
  onReply?: () => void;
  /** Not offered on a voice message: it has no text to copy. */
  onCopy?: () => void;
  /** Someone else's message (issue 20): opens the Report dialog. */
  onReport?: () => void;
  onRetry?: () => void;
  /** Your own text message within 15 minutes (issue 43): opens the editor. */
  onEdit?: () => void;
  /** Your own message (issue 43): asks, then unsends it. */
  onUnsend?: () => void;
}) {
  const longPress = useLongPress(() => onActivate?.());
  const [pickerOpen, setPickerOpen] = useState(false);
  const unsent = Boolean(message.unsent);
  // A blocked conversation's messages keep Copy and Report, without reactions or Reply; an unsent
  // one has nothing left to act on.
  const hasActions = !unsent && Boolean(onReact ?? onCopy ?? onReport ?? onUnsend);
  if (message.messageType === 'call') return <CallLine message={message} />;

  let actions: ReactNode = null;
  if (hasActions) {
    actions = (
      <div
        className={cn(
          'hidden items-center gap-0.5 group-focus-within:flex group-hover:flex group-data-[active=true]:flex',
          mine && 'flex-row-reverse',
        )}
      >
        <time dateTime={message.createdAt} className="px-2 text-xs text-zinc-500">
          {messageTime(message.createdAt)}
        </time>
        {onReact &&
          QUICK_REACTIONS.map(({ emoji, label }) => (
            <button key={emoji} type="button" aria-label={label} onClick={() => onReact(emoji)} className={actionClass}>
              <span aria-hidden="true" className="text-lg leading-none">
                {emoji}
              </span>
            </button>
          ))}
        {onReact && (
          <button type="button" aria-label="More reactions" onClick={() => setPickerOpen(true)} className={actionClass}>
            <Plus aria-hidden="true" className="size-5" />
          </button>
        )}
        {onReply && (
          <button type="button" aria-label="Reply" onClick={onReply} className={actionClass}>
            <Reply aria-hidden="true" className="size-5" />
          </button>
        )}
        {onCopy && message.messageType === 'text' && (
          <button type="button" aria-label="Copy" onClick={onCopy} className={actionClass}>
            <Copy aria-hidden="true" className="size-5" />
          </button>
        )}
        {onEdit && mine && (
          <button type="button" aria-label="Edit message" onClick={onEdit} className={actionClass}>
            <Pencil aria-hidden="true" className="size-5" />
          </button>
        )}
        {onUnsend && mine && (
          <button type="button" aria-label="Unsend message" onClick={onUnsend} className={actionClass}>
            <Undo2 aria-hidden="true" className="size-5" />
          </button>
        )}
        {onReport && !mine && (
          <button type="button" aria-label="Report message" onClick={onReport} className={actionClass}>
            <Flag aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
    );
  }

  return (
    <li
      data-active={active}
      data-status={status}
      data-mine={mine}
      data-message-id={messageId}
      data-highlighted={highlighted || undefined}
      className={cn('group flex flex-col gap-1', mine ? 'items-end' : 'items-start', sender && 'pt-1')}
    >
      {sender && <SenderLabel sender={sender} />}
      <div
        // Focusable so that keyboard users reach the actions (they show while focus is inside).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the way to the hidden actions
        tabIndex={hasActions ? 0 : undefined}
        {...(hasActions ? longPress : {})}
        className={cn(
          // On touch screens a long press opens the actions (with Copy), not the text selection.
          'max-w-[80%] rounded-2xl px-3 py-2 text-[15px] leading-snug select-text [-webkit-touch-callout:none] pointer-coarse:select-none',
          mine
            ? 'rounded-br-md bg-gradient-to-br from-fuchsia-600 to-indigo-600 text-white'
            : 'rounded-bl-md bg-zinc-800 text-zinc-100',
          status === 'pending' && 'opacity-70',
          status === 'failed' && 'ring-1 ring-red-400/80',
          highlighted && 'ring-2 ring-amber-300 ring-offset-2 ring-offset-zinc-950',
        )}
      >
        {unsent ? (
          <p className="flex items-center gap-1.5 italic opacity-80">
            <Ban aria-hidden="true" className="size-4" />
            {MESSAGE_REMOVED}
          </p>
        ) : (
          <>
            {message.replyTo && <ReplyQuote replyTo={message.replyTo} mine={mine} />}
            <Body message={message} />
          </>
        )}
        {(mine || (message.editedAt && !unsent)) && (
          <span className="mt-0.5 flex items-center justify-end gap-1.5">
            {message.editedAt && !unsent && <span className="text-[11px] opacity-70">edited</span>}
            {mine && <StatusMark status={status} />}
          </span>
        )}
      </div>
      {!unsent && message.messageType === 'voice' && (
        <VoiceTranscript
          transcript={message.transcript ?? null}
          transcribing={Boolean(message.transcribing)}
          className="max-w-[min(80%,20rem)] px-1"
        />
      )}
      {!unsent && message.reactions.length > 0 && (
        <ul aria-label="Reactions" className="flex flex-wrap gap-1">
          {message.reactions.map((reaction) => (
            <li key={reaction.emoji}>
              <button
                type="button"
                aria-pressed={reaction.reactedByMe}
                onClick={() => onReact?.(reaction.emoji)}
                disabled={!onReact}
                className={cn(
                  // The ::before stretches the touch target to 44 px without a taller chip.
                  'relative flex min-h-8 items-center gap-1 rounded-full border px-2 text-sm before:absolute before:inset-x-0 before:-inset-y-1.5',
                  reaction.reactedByMe
                    ? 'border-fuchsia-400/70 bg-fuchsia-500/25 text-white'
                    : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
                )}
              >
                {`${reaction.emoji} ${reaction.count}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {status === 'failed' && (
        <p className="flex items-center gap-2 text-xs text-red-300">
          Failed to send
          <button type="button" onClick={onRetry} className="min-h-11 px-2 font-semibold text-white underline-offset-4 hover:underline">
            Retry
          </button>
        </p>
      )}
      {actions}
      {onReact && (
        <Dialog open={pickerOpen} onOpenChange={setPickerOpen}>
          <DialogContent aria-describedby={undefined} className="w-auto max-w-[calc(100vw-1rem)] p-2 pt-3">
            <DialogTitle className="mb-2 pl-2 text-base">Choose a reaction</DialogTitle>
            {pickerOpen && (
              <Suspense fallback={<Spinner label="Loading emoji" className="h-[450px] w-[350px] max-w-[calc(100vw-1rem)]" />}>
                <ChatEmojiPicker
                  onPick={(emoji) => {
                    setPickerOpen(false);
                    onReact(emoji);
                  }}
                />
              </Suspense>
            )}
          </DialogContent>
        </Dialog>
      )}
    </li>
  );
}
