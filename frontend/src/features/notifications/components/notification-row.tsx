//! One notification: the stack of its actors' avatars (up to 3, overlapped), its sentence with
//! the first actor's name in bold, how long ago, the post's or reel's thumbnail when it has one (a
//! post's named by its first image's alt text), and, while unread, a dot and a tinted background
//! ('Unread' for screen readers). The whole row is one link to what it is about; following it
//! marks it read.
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { useClockTick } from '@/hooks/use-clock-tick';
import { relativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { NOTIFICATIONS_TEXT as TEXT } from '../notifications-text';
import type { Notification, NotificationActor } from '../types';

/** At most this many avatars in a stack. */
export const STACK_SIZE = 3;

/** The actors' faces, newest in front; decorative (the sentence names them). */
function AvatarStack({ actors }: { actors: NotificationActor[] }) {
  const shown = actors.slice(0, STACK_SIZE);
  if (shown.length === 0) {
    return (
      <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-white/10 text-zinc-200">
        <Bell className="size-5" />
      </span>
    );
  }
  // Within the single avatar's 44 px: one face whole, or up to three of 28 px overlapping.
  const single = shown.length === 1;
  const step = shown.length === 2 ? 16 : 8;
  return (
    <span aria-hidden="true" data-testid="avatar-stack" className="relative size-11 shrink-0">
      {shown.map((actor, index) => (
        <span
          key={actor.id}
          className={cn('absolute rounded-full ring-2 ring-zinc-950', single ? 'inset-0' : 'top-2')}
          style={single ? undefined : { left: index * step, zIndex: shown.length - index }}
        >
          <Avatar src={actor.profileImageUrl} name={actor.displayName} className={single ? 'size-11 text-base' : 'size-7 text-[11px]'} />
        </span>
      ))}
    </span>
  );
}

/** The sentence with the first named actor's username in bold (where it is in the text). */
export function Sentence({ text, actor }: { text: string; actor: NotificationActor | undefined }) {
  const at = actor ? text.indexOf(actor.username) : -1;
  if (!actor || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-white">{actor.username}</strong>
      {text.slice(at + actor.username.length)}
    </>
  );
}

function Ago({ at }: { at: string }) {
  useClockTick();
  return (
    <time dateTime={at} className="text-xs text-zinc-400">
      {relativeTime(at)}
    </time>
  );
}

/**
 * The picture at the row's end: the post's first image, named by its alt text (issue 44), or the
 * reel's poster (decorative: the sentence says what it is about).
 */
function thumbnailOf(target: Notification['target']) {
  const image = target.media.at(0);
  if (image) return { src: image.thumbnailUrl ?? image.url, alt: image.alt.trim() };
  return target.thumbnailUrl ? { src: target.thumbnailUrl, alt: '' } : null;
}

export function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const { target, read } = notification;
  const thumbnail = thumbnailOf(target);
  return (
    <li>
      <Link
        href={notification.url}
        onClick={() => onOpen(notification)}
        data-unread={read ? undefined : ''}
        className={cn(
          'flex min-h-16 items-center gap-3 rounded-xl px-3 py-2 transition',
          read ? 'hover:bg-white/5' : 'bg-fuchsia-500/10 hover:bg-fuchsia-500/15',
        )}
      >
        <AvatarStack actors={notification.actors} />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-3 text-sm text-zinc-200">
            <Sentence text={notification.text} actor={notification.actors[0]} />
          </span>{' '}
          <Ago at={notification.createdAt} />
          {!read && (
            <>
              {' '}
              <span className="sr-only">{TEXT.unread}</span>
            </>
          )}
        </span>
        {thumbnail && (
          <img src={thumbnail.src} alt={thumbnail.alt} className="size-11 shrink-0 rounded-md bg-white/5 object-cover" loading="lazy" />
        )}
        <span
          aria-hidden="true"
          data-testid={read ? undefined : 'unread-dot'}
          className={cn('size-2.5 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-fuchsia-400')}
        />
      </Link>
    </li>
  );
}
