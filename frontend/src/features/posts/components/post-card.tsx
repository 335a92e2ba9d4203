//! A post in the gallery: author, image, caption, location, tags,
//! counts and the action row. Like and bookmark call the server; the comment bubble opens the
//! comments and the paper plane 'Send to…' (both provided by the app shell, lib/community-actions);
//! the '⋯' menu mutes or blocks the author (issue 20), or on your own post deletes it after asking
//! (issue 43), and any post's offers 'Save to collection' (as a long press or right click on Save
//! does, issue 44); 'Support' tips the
//! author (issue 23, through the app shell's tip layer; none on your own post); the caption's #tags and @mentions are links; the microphone opens the voice reaction panel and the counts by emotion open their list (issue 43, through the app shell's community layer). With `tilt3d` (the home page's 3D view
//! mode) the card tilts towards the pointer on hover and a click toggles a zoom. A double tap on
//! the picture likes the post (issue 43). With `beside` (the post page's comments on a laptop) the
//! card is Instagram's desktop post: the picture at the left, and at the right the header, the
//! actions, the caption and then `beside`, all within the window.
import { Bookmark, FolderPlus, Heart, MapPin, MessageCircle, Mic, Pencil, Send } from 'lucide-react';
import { useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { AuthorMenu } from '@/components/author-menu';
import { RichText } from '@/components/rich-text';
import { SupportButton } from '@/components/support-button';
import { Avatar } from '@/components/ui/avatar';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { useLongPress } from '@/hooks/use-long-press';
import { useUser } from '@/lib/auth';
import { useCommunityActions } from '@/lib/community-actions';
import { tagHref } from '@/lib/rich-text';
import { cn } from '@/lib/utils';
import type { Post } from '@/types/social';
import { useToggleBookmark } from '../api/toggle-bookmark';
import { useToggleLike } from '../api/toggle-like';
import { relativeTime } from '../relative-time';
import { DoubleTapLike } from './double-tap-like';
import { EditPostDialog } from './edit-post-dialog';
import { usePostDelete } from './post-delete';
import { PostCarousel } from './post-carousel';
import { PostHistoryDialog } from './post-history-dialog';
import { SaveToCollectionDialog } from './save-to-collection-dialog';

/** The largest tilt, in degrees, when the pointer is at a card's edge. */
export const MAX_TILT_DEG = 10;
export const ZOOM_SCALE = 1.05;

/** rotateX/rotateY for a pointer at (x, y) inside a box: the card leans towards the pointer. */
export function tiltFor(x: number, y: number, width: number, height: number): { rotateX: number; rotateY: number } {
  if (!width || !height) return { rotateX: 0, rotateY: 0 };
  const dx = Math.min(1, Math.max(-1, (x / width) * 2 - 1));
  const dy = Math.min(1, Math.max(-1, (y / height) * 2 - 1));
  const round = (n: number) => Math.round(n * 10) / 10 || 0;
  return { rotateX: round(-dy * MAX_TILT_DEG), rotateY: round(dx * MAX_TILT_DEG) };
}

/** Tilting follows every pointer move: not for people who asked their system for less motion. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Clicks on these (buttons, links, fields, the '⋯' menu's items) act on them, not on the card's zoom. */
const INTERACTIVE = 'a, button, input, textarea, select, audio, [role="button"], [role="menuitem"]';

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** The image's alt text: the caption (shortened), or who posted it. */
export function postAlt(post: Pick<Post, 'caption' | 'user'>): string {
  const caption = post.caption.trim();
  if (!caption) return `Post by ${post.user.displayName}`;
  return caption.length > 120 ? `${caption.slice(0, 119)}…` : caption;
}

const iconButtonBase = 'grid size-11 shrink-0 place-items-center rounded-full transition';
const actionClass = 'text-zinc-200 hover:bg-white/5 hover:text-white active:scale-90';

/** The right-hand column of the card with `beside` (from 1024 px). */
const besideColumn = 'lg:col-start-2';

/**
 * `onComment` replaces opening the comments sheet (the post page focuses its own composer);
 * `beside` lays the card out side by side from 1024 px (see the module comment).
 */
export function PostCard({
  post,
  tilt3d = false,
  onComment,
  beside,
}: {
  post: Post;
  tilt3d?: boolean;
  onComment?: () => void;
  beside?: ReactNode;
}) {
  const split = beside !== undefined;
  const { openComments, openShare, VoiceReactions } = useCommunityActions();
  const showComments = onComment ?? (() => openComments({ kind: 'post', id: post.id, authorId: post.user.id }));
  const like = useToggleLike(post);
  const bookmark = useToggleBookmark(post);
  const remove = usePostDelete(post);
  const viewer = useUser().data;
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const [collecting, setCollecting] = useState(false);
  // A long press on Save opens the collections; the click that ends it does not toggle the save.
  const longPressed = useRef(false);
  const pressSave = useLongPress(() => {
    longPressed.current = true;
    setCollecting(true);
  });
  const profileHref = `/profile/${encodeURIComponent(post.user.username)}`;
  const [voiceOpen, setVoiceOpen] = useState(false);
  const [tilt, setTilt] = useState({ rotateX: 0, rotateY: 0 });
  const [zoomed, setZoomed] = useState(false);

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    // Hover is a mouse or pen gesture; a finger dragging across is a scroll.
    if (!tilt3d || event.pointerType === 'touch' || prefersReducedMotion()) return;
    const rect = event.currentTarget.getBoundingClientRect();
    setTilt(tiltFor(event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height));
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!tilt3d || (event.target as Element).closest(INTERACTIVE)) return;
    setZoomed((z) => !z);
  };
  const transform = tilt3d
    ? `rotateX(${tilt.rotateX}deg) rotateY(${tilt.rotateY}deg) scale(${zoomed ? ZOOM_SCALE : 1})`
    : undefined;

  const card = (
    // The click zoom is a pointer flourish of the 3D card; everything in the post is reachable without it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- pointer-only flourish
    <article
      aria-label={`Post by ${post.user.displayName}`}
      data-zoomed={tilt3d ? zoomed : undefined}
      onPointerMove={tilt3d ? onPointerMove : undefined}
      onPointerLeave={tilt3d ? () => setTilt({ rotateX: 0, rotateY: 0 }) : undefined}
      onClick={tilt3d ? onClick : undefined}
      style={tilt3d ? { transform, transformStyle: 'preserve-3d' } : undefined}
      className={cn(
        'overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/60',
        tilt3d && 'relative cursor-zoom-in transition-transform duration-200 ease-out will-change-transform',
        tilt3d && zoomed && 'z-10 cursor-zoom-out shadow-2xl shadow-purple-900/40',
        split && 'lg:grid lg:h-full lg:grid-cols-[minmax(0,1fr)_400px] lg:grid-rows-[auto_auto_auto_minmax(0,1fr)]',
      )}
    >
      <header className={cn('flex items-center gap-3 py-1 pr-1 pl-3', split && `${besideColumn} lg:border-b lg:border-white/10`)}>
        <Link href={profileHref} className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
          <Avatar src={post.user.profileImage} name={post.user.displayName} className="size-9 text-sm" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-white">{post.user.displayName}</span>
            {post.location && (
              <span className="flex items-center gap-1 truncate text-xs text-zinc-400">
                <MapPin aria-hidden="true" className="size-3 shrink-0" />
                <span className="truncate">{post.location}</span>
              </span>
            )}
          </span>
        </Link>
        <AuthorMenu author={post.user} report={{ targetType: 'post', targetId: post.id }} className={actionClass}>
          {viewer?.id === post.user.id && (
            <DropdownMenuItem onSelect={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit post
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setCollecting(true)}>
            <FolderPlus aria-hidden="true" />
            Save to collection
          </DropdownMenuItem>
          {remove.item}
        </AuthorMenu>
        {remove.dialog}
        {viewer?.id === post.user.id && <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />}
      </header>

      <DoubleTapLike
        liked={post.isLiked}
        onLike={() => like.mutate()}
        className={cn(split && 'lg:col-start-1 lg:row-span-4 lg:row-start-1 lg:flex lg:items-center lg:border-r lg:border-white/10 lg:bg-black')}
      >
        <PostCarousel media={post.media} fallbackAlt={postAlt(post)} className={cn(split && 'lg:max-h-full')} />
      </DoubleTapLike>

      <div className={cn('flex items-center px-1 pt-1', split && besideColumn)}>
        <button
          type="button"
          aria-label="Like"
          aria-pressed={post.isLiked}
          className={cn(iconButtonBase, actionClass)}
          onClick={() => like.mutate()}
        >
          <Heart aria-hidden="true" className={cn('size-6', post.isLiked && 'fill-rose-500 text-rose-500')} />
        </button>
        <IconButton label="Comments" icon={MessageCircle} className={actionClass} onClick={showComments} />
        {/* Absent when its author turned '3D Content Sharing' off (issue 43): the server refuses it too. */}
        {post.allowsSharing && (
          <IconButton label="Share" icon={Send} className={actionClass} onClick={() => openShare({ kind: 'post', id: post.id })} />
        )}
        <button
          type="button"
          aria-label="Voice reaction"
          aria-expanded={voiceOpen}
          className={cn(iconButtonBase, actionClass, voiceOpen && 'text-rose-300')}
          onClick={() => setVoiceOpen((open) => !open)}
        >
          <Mic aria-hidden="true" className="size-6" />
        </button>
        <SupportButton recipient={post.user} postId={post.id} className={actionClass} />
        <button
          type="button"
          aria-label="Save"
          aria-pressed={post.isBookmarked}
          className={cn(iconButtonBase, actionClass, 'ml-auto')}
          {...pressSave}
          onPointerDown={(event) => {
            // A new press: whatever the last long press swallowed is over.
            longPressed.current = false;
            pressSave.onPointerDown(event);
          }}
          onContextMenu={(event) => {
            event.preventDefault();
            setCollecting(true);
          }}
          onClick={() => {
            if (longPressed.current) {
              longPressed.current = false;
              return;
            }
            bookmark.mutate();
          }}
        >
          <Bookmark aria-hidden="true" className={cn('size-6', post.isBookmarked && 'fill-amber-300 text-amber-300')} />
        </button>
        <SaveToCollectionDialog
          postId={post.id}
          open={collecting}
          onOpenChange={(open) => {
            setCollecting(open);
            // The press's click may have landed on the dialog's overlay instead.
            if (!open) longPressed.current = false;
          }}
        />
      </div>

      <div className={cn('space-y-1.5 px-4 pb-4', split && besideColumn)}>
        <p className="flex flex-wrap gap-x-3 text-sm text-zinc-300">
          <span className="font-semibold text-white" data-testid="likes-count">
            {plural(post.likesCount, 'like', 'likes')}
          </span>
          <span data-testid="comments-count">{plural(post.commentsCount, 'comment', 'comments')}</span>
          <span>{plural(post.sharesCount, 'share', 'shares')}</span>
        </p>
        {post.caption && (
          <p className="text-sm break-words whitespace-pre-line text-zinc-100">
            <Link href={profileHref} className="mr-1.5 font-semibold text-white hover:underline">
              {post.user.username}
            </Link>
            <RichText text={post.caption} />
          </p>
        )}
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-x-2 gap-y-1 text-sm text-fuchsia-300">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link href={tagHref(tag.replace(/\s+/g, ''))} className="hover:underline">
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="flex items-center gap-1.5 text-xs text-zinc-500">
          <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
          {post.editedAt && (
            <>
              <span aria-hidden="true">·</span>
              <button
                type="button"
                aria-label="Edited, show edit history"
                onClick={() => setHistory(true)}
                className="rounded text-zinc-400 underline-offset-2 hover:text-zinc-200 hover:underline"
              >
                Edited
              </button>
              <PostHistoryDialog postId={post.id} open={history} onOpenChange={setHistory} />
            </>
          )}
        </p>
      </div>
      <VoiceReactions
        target={{ kind: 'post', id: post.id, authorId: post.user.id }}
        authorName={post.user.username}
        panelOpen={voiceOpen}
        onPanelClose={() => setVoiceOpen(false)}
        className={cn('mx-3 mb-2', split && besideColumn)}
      />
      {split && <div className={cn(besideColumn, 'lg:row-start-4 lg:flex lg:min-h-0 lg:flex-col')}>{beside}</div>}
    </article>
  );

  // The perspective lives on a wrapper so the card's own transform shows depth.
  return tilt3d ? <div style={{ perspective: '1000px' }}>{card}</div> : card;
}
