//! One page of the pager: the video (its poster until it plays), the creator and caption (its
//! #tags and @mentions linked), the like / comment / share buttons (issue 19: the heart likes,
//! a double tap on the video too; the bubble opens the comments and the plane 'Send to…',
//! both provided by the app shell; the '⋯' menu mutes or blocks its creator, issue 20, and on
//! your own reel edits its caption, issue 44; 'Support' tips the creator, issue 23, none on
//! your own reel), '· Edited' opening the earlier captions (issue 44), and the
//! overlay controls. Only the visible reel plays; the next one preloads; a reel that ends stays
//! paused.
import { Heart, MessageCircle, Mic, Pause, Pencil, Play, Send, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { AuthorMenu } from '@/components/author-menu';
import { RichText } from '@/components/rich-text';
import { SupportButton } from '@/components/support-button';
import { Avatar } from '@/components/ui/avatar';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { useLatest } from '@/hooks/use-latest';
import { useUser } from '@/lib/auth';
import { useCommunityActions } from '@/lib/community-actions';
import { relativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useEditReel } from '../api/edit-reel';
import { useToggleReelLike } from '../api/toggle-reel-like';
import type { Reel } from '../types';
import { CaptionDialog } from './caption-dialog';
import { useReelDelete } from './reel-delete';
import { ReelHistoryDialog } from './reel-history-dialog';

export type Preload = 'auto' | 'metadata' | 'none';

const sideButton = 'bg-black/30 text-white hover:bg-black/50';

function Count({ value, testId }: { value: number; testId?: string }) {
  return (
    <span data-testid={testId} className="text-xs font-semibold text-white drop-shadow">
      {value.toLocaleString('en-US')}
    </span>
  );
}

export function ReelSlide({
  reel,
  index,
  active,
  preload,
  playing,
  muted,
  controlsVisible,
  onTogglePlay,
  onToggleMute,
  onEnded,
  onPlayRefused,
  onActivity,
}: {
  reel: Reel;
  index: number;
  active: boolean;
  preload: Preload;
  playing: boolean;
  muted: boolean;
  controlsVisible: boolean;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onEnded: () => void;
  /** The browser would not start playback (autoplay policy): the play button shows. */
  onPlayRefused: () => void;
  onActivity: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const playRefused = useLatest(onPlayRefused);
  const like = useToggleReelLike(reel.id);
  const remove = useReelDelete(reel);
  const edit = useEditReel(reel.id);
  const mine = useUser().data?.id === reel.user.id;
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const { openComments, openShare, VoiceReactions } = useCommunityActions();
  const [voiceOpen, setVoiceOpen] = useState(false);
  /** Bumped by each double tap: the heart that pops over the video. */
  const [burst, setBurst] = useState(0);

  // A tap plays or pauses; a double tap likes (never unlikes) and leaves playback as it was.
  const onVideoClick = (event: MouseEvent<HTMLVideoElement>) => {
    onActivity();
    onTogglePlay();
    if (event.detail === 2) {
      if (!reel.isLiked) like.mutate();
      setBurst((n) => n + 1);
    }
  };

  // React sets `muted` only as an attribute on the first render; keep the property in step.
  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (active && playing) {
      if (element.ended) element.currentTime = 0;
      const started = element.play();
      if (started && typeof started.catch === 'function') {
        started.catch((error: unknown) => {
          // A pause() before the play settled is not a refusal.
          if (!(error instanceof DOMException && error.name === 'AbortError')) playRefused.current();
        });
      }
    } else {
      element.pause();
    }
  }, [active, playing, playRefused]);

  // A reel scrolled away from starts from its beginning next time.
  useEffect(() => {
    if (!active && video.current && video.current.currentTime > 0) video.current.currentTime = 0;
  }, [active]);

  const showControls = controlsVisible || !playing;

  return (
    <section
      aria-roledescription="reel"
      aria-label={`Reel ${index + 1} by ${reel.user.displayName}`}
      aria-hidden={!active}
      data-active={active || undefined}
      className="relative h-full w-full overflow-hidden bg-black"
    >
      {/* Uploaded reels carry no caption track (the upload takes a video and a caption text, which labels it). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- no caption track exists for an uploaded reel */}
      <video
        ref={video}
        src={reel.videoUrl}
        poster={reel.posterUrl ?? undefined}
        preload={preload}
        muted={muted}
        playsInline
        aria-label={reel.caption || `Reel by ${reel.user.displayName}`}
        onEnded={onEnded}
        onClick={onVideoClick}
        // On a laptop the picture leaves a gutter at its right for the action rail (issue 43), so
        // the rail is beside the video, never half over its letterbox; on a phone it is over it.
        className="h-full w-full object-contain lg:pr-16"
      />

      {/* Overlay controls: shown on activity, hidden after 3 s (always shown while paused). */}
      <div
        data-testid="reel-controls"
        data-visible={showControls || undefined}
        className={cn(
          'pointer-events-none absolute inset-0 transition-opacity duration-300',
          showControls ? 'opacity-100' : 'opacity-0',
        )}
      >
        <IconButton
          label={playing ? 'Pause' : 'Play'}
          icon={playing ? Pause : Play}
          iconClassName="size-8"
          tabIndex={active ? 0 : -1}
          onClick={() => {
            onActivity();
            onTogglePlay();
          }}
          className={cn(
            'absolute top-1/2 left-1/2 size-16 -translate-x-1/2 -translate-y-1/2 bg-black/40 text-white hover:bg-black/60',
            showControls ? 'pointer-events-auto' : 'pointer-events-none',
          )}
        />
        <IconButton
          label={muted ? 'Unmute' : 'Mute'}
          icon={muted ? VolumeX : Volume2}
          tabIndex={active ? 0 : -1}
          onClick={() => {
            onActivity();
            onToggleMute();
          }}
          className={cn('absolute top-3 right-3', sideButton, showControls ? 'pointer-events-auto' : 'pointer-events-none')}
        />
      </div>

      {burst > 0 && (
        <Heart
          key={burst}
          aria-hidden="true"
          data-testid="like-burst"
          className="pointer-events-none absolute top-1/2 left-1/2 size-24 -translate-x-1/2 -translate-y-1/2 animate-[ping_700ms_ease-out_1_forwards] fill-rose-500 text-rose-500 motion-reduce:hidden"
        />
      )}

      <div className="absolute right-2 bottom-28 flex flex-col items-center gap-3">
        <div className="flex flex-col items-center">
          <button
            type="button"
            aria-label="Like"
            aria-pressed={reel.isLiked}
            tabIndex={active ? 0 : -1}
            onClick={() => like.mutate()}
            className={cn('grid size-11 shrink-0 place-items-center rounded-full transition active:scale-90', sideButton)}
          >
            <Heart aria-hidden="true" className={cn('size-6', reel.isLiked && 'fill-rose-500 text-rose-500')} />
          </button>
          <Count value={reel.likesCount} testId="reel-likes-count" />
        </div>
        <div className="flex flex-col items-center">
          <IconButton
            label="Comments"
            icon={MessageCircle}
            tabIndex={active ? 0 : -1}
            className={sideButton}
            onClick={() => openComments({ kind: 'reel', id: reel.id, authorId: reel.user.id })}
          />
          <Count value={reel.commentsCount} testId="reel-comments-count" />
        </div>
        <div className="flex flex-col items-center">
          {/* Absent when its author turned '3D Content Sharing' off (issue 43). */}
          {reel.allowsSharing && (
            <IconButton
              label="Share"
              icon={Send}
              tabIndex={active ? 0 : -1}
              className={sideButton}
              onClick={() => openShare({ kind: 'reel', id: reel.id })}
            />
          )}
          <Count value={reel.sharesCount} />
        </div>
        <AuthorMenu
          author={reel.user}
          report={{ targetType: 'reel', targetId: reel.id }}
          tabIndex={active ? 0 : -1} className={sideButton} iconClassName="size-6">
          {mine && (
            <DropdownMenuItem onSelect={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit reel
            </DropdownMenuItem>
          )}
          {remove.item}
        </AuthorMenu>
        {remove.dialog}
        {mine && (
          <CaptionDialog
            title="Edit reel"
            description="Everyone sees the new caption marked Edited, with the earlier ones a tap away. The video stays."
            caption={reel.caption}
            save={edit}
            open={editing}
            onOpenChange={setEditing}
          />
        )}
      </div>

      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-12 pb-5 pr-16">
        {/* Support sits beside the author, not in the action column: one more button there
            would reach the reel navigation at the right edge on a phone. */}
        <div className="flex items-center gap-2">
          <Link
            href={`/profile/${encodeURIComponent(reel.user.username)}`}
            tabIndex={active ? 0 : -1}
            className="pointer-events-auto inline-flex min-h-11 items-center gap-2 font-semibold text-white"
          >
            <Avatar src={reel.user.profileImage} name={reel.user.displayName} className="size-8 text-sm" />
            {reel.user.displayName}
          </Link>
          <SupportButton
            recipient={reel.user}
            reelId={reel.id}
            tabIndex={active ? 0 : -1}
            className={cn('pointer-events-auto', sideButton)}
          />
          {/* Beside Support, for the same reason: a voice reaction (issue 43). */}
          <button
            type="button"
            aria-label="Voice reaction"
            aria-expanded={voiceOpen}
            tabIndex={active ? 0 : -1}
            onClick={() => setVoiceOpen((open) => !open)}
            className={cn('pointer-events-auto grid size-11 shrink-0 place-items-center rounded-full', sideButton, voiceOpen && 'text-rose-300')}
          >
            <Mic aria-hidden="true" className="size-6" />
          </button>
        </div>
        {reel.caption && (
          <p className="line-clamp-3 text-sm whitespace-pre-line text-zinc-100">
            <RichText text={reel.caption} tabIndex={active ? 0 : -1} linkClassName="pointer-events-auto" />
          </p>
        )}
        {reel.editedAt && (
          <p className="flex items-center gap-1.5 text-xs text-zinc-300">
            <time dateTime={reel.createdAt}>{relativeTime(reel.createdAt)}</time>
            <span aria-hidden="true">·</span>
            <button
              type="button"
              aria-label="Edited, show edit history"
              tabIndex={active ? 0 : -1}
              onClick={() => setHistory(true)}
              className="pointer-events-auto rounded underline-offset-2 hover:text-white hover:underline"
            >
              Edited
            </button>
            <ReelHistoryDialog reelId={reel.id} open={history} onOpenChange={setHistory} />
          </p>
        )}
        {active && (
          <div className="pointer-events-auto rounded-2xl bg-black/40">
            <VoiceReactions
              target={{ kind: 'reel', id: reel.id, authorId: reel.user.id }}
              authorName={reel.user.username}
              panelOpen={voiceOpen}
              onPanelClose={() => setVoiceOpen(false)}
            />
          </div>
        )}
      </div>
    </section>
  );
}
