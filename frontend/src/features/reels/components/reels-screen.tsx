//! The reels pager (docs/shop-contract.md): one reel per page, dots on the right to jump
//! (at most 9, a window around the current reel, so they fit however many are loaded), a swipe of more than 100 px or ArrowUp / ArrowDown to move; the visible reel plays (muted at
//! first), the next preloads; controls hide 3 s after the last touch. `?reel={id}` opens at that
//! reel (the profile's REELS tab links there). 'Loading creative reels...' shows only while the
//! first page loads. With 'Auto-play Videos' off (the settings) nothing starts by itself: the
//! play button shows until the user presses it.
import { Clapperboard } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { OPENED_IN_APP } from '@/lib/opened-in-app';
import { useSettings } from '@/lib/settings';
import { cn } from '@/lib/utils';
import { flattenReels } from '../api/keys';
import { useReels } from '../api/get-reels';
import { ReelSlide, type Preload } from './reel-slide';

export const SWIPE_THRESHOLD_PX = 100;
export const CONTROLS_HIDE_MS = 3000;
/** How many more pages are fetched looking for a `?reel=` that is not on the first. */
const MAX_PAGES_TO_FIND = 5;
/** Dots shown at most: 9 × 20 px fit beside a reel on the smallest phone. */
export const MAX_DOTS = 9;

/**
 * The reels that get a dot, [start, end): `size` of them around `active` (centred where it can
 * be, pushed inside at either end).
 */
export function dotWindow(active: number, count: number, size = MAX_DOTS): { start: number; end: number } {
  const start = Math.max(0, Math.min(active - Math.floor(size / 2), count - size));
  return { start, end: Math.min(count, start + size) };
}

function preloadFor(index: number, active: number): Preload {
  if (index === active || index === active + 1) return 'auto';
  if (index === active - 1) return 'metadata';
  return 'none';
}

/**
 * Keys typed in a field, or pressed in a dialog or menu over the pager (the comments, Send to…,
 * the '⋯' menu, whose arrows walk its items), are not for it.
 */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
      target.closest('[role="dialog"], [role="menu"]') !== null)
  );
}

export function ReelsScreen() {
  const query = useReels();
  const reels = useMemo(() => flattenReels(query.data), [query.data]);
  const wanted = Number(new URLSearchParams(useSearch()).get('reel')) || null;

  // Until the settings are known nothing starts; a failed load counts as the default (on).
  const settings = useSettings();
  const autoPlay = settings.isPending ? false : (settings.data?.autoPlayVideos ?? true);
  const [index, setIndex] = useState(0);
  /** The user's play/pause on the current reel; null follows the 'Auto-play Videos' setting. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? autoPlay;
  const [muted, setMuted] = useState(true);
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Done with `?reel=`: opened at it, or it is not among the reels that may be fetched for it. */
  const [settled, setSettled] = useState(wanted === null);
  const touchStart = useRef<number | null>(null);

  // Open at `?reel=`: once it is among the loaded reels (fetching a few more pages if needed).
  // The state follows the loaded list, so it is set while rendering, as React advises.
  const wantedAt = settled ? -1 : reels.findIndex((r) => r.id === wanted);
  // While fetching, a refetch (the list was just invalidated by a new reel) may bring it: wait.
  const seekMore =
    !settled && wantedAt < 0 && !query.isFetching && query.hasNextPage && (query.data?.pages.length ?? 0) <= MAX_PAGES_TO_FIND;
  if (!settled && wantedAt >= 0) {
    setSettled(true);
    setIndex(wantedAt);
  } else if (!settled && !query.isFetching && !seekMore) {
    setSettled(true);
  }
  const { fetchNextPage } = query;
  useEffect(() => {
    if (seekMore) void fetchNextPage();
  }, [seekMore, fetchNextPage]);

  // Any touch, key or mouse move shows the controls and restarts their 3 s; a timer in a ref, so
  // a stream of mouse moves does not re-render the pager.
  const poke = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);

  // The controls show on opening (the initial state) and hide after their 3 s.
  useEffect(() => {
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
    return () => clearTimeout(hideTimer.current);
  }, []);

  const count = reels.length;
  const goTo = useCallback(
    (next: number) => {
      if (next < 0 || next >= count) return;
      setIndex(next);
      setChoice(null);
      poke();
    },
    [count, poke],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        goTo(index + 1);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        goTo(index - 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [goTo, index]);

  // Near the end of what is loaded, fetch the next page.
  useEffect(() => {
    if (count > 0 && index >= count - 2 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [index, count, query]);

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const end = event.changedTouches[0]?.clientY;
    if (start === null || end === undefined) return;
    const delta = start - end;
    if (delta > SWIPE_THRESHOLD_PX) goTo(index + 1);
    else if (delta < -SWIPE_THRESHOLD_PX) goTo(index - 1);
  };

  // Below the 'You're offline' banner (2 rem) while it shows.
  const frame = 'fixed inset-x-0 top-0 [body:has([data-offline-banner])_&]:top-8 bottom-[calc(57px+env(safe-area-inset-bottom))] z-10 mx-auto w-full max-w-[480px] bg-black lg:bottom-0 lg:left-60 lg:max-w-[544px]';

  if (query.isPending) {
    return (
      <main className={cn(frame, 'grid place-items-center')}>
        <p role="status" className="text-sm text-zinc-300">
          Loading creative reels...
        </p>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className={cn(frame, 'grid place-items-center')}>
        <EmptyState title="Failed to load reels" description="Check your connection and try again.">
          <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </EmptyState>
      </main>
    );
  }
  if (count === 0) {
    return (
      <main className={cn(frame, 'grid place-items-center')}>
        <EmptyState icon={<Clapperboard aria-hidden="true" className="size-6" />} title="No reels yet" description="Be the first to post a reel!">
          <Link href="/create-reel" state={OPENED_IN_APP} className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-gradient-to-r from-fuchsia-600 via-purple-600 to-indigo-600 px-4 text-sm font-semibold text-[#fff]">
            Create a reel
          </Link>
        </EmptyState>
      </main>
    );
  }

  const active = Math.min(index, count - 1);
  const dots = dotWindow(active, count);
  return (
    <main
      aria-label="Reels"
      className={cn(frame, 'touch-none overflow-hidden')}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onMouseMove={poke}
    >
      <div
        data-testid="reels-track"
        className="h-full transition-transform duration-300 ease-out motion-reduce:transition-none"
        style={{ transform: `translateY(-${active * 100}%)` }}
      >
        {reels.map((reel, i) => (
          <ReelSlide
            key={reel.id}
            reel={reel}
            index={i}
            active={i === active}
            preload={preloadFor(i, active)}
            playing={playing}
            muted={muted}
            controlsVisible={controlsVisible}
            onTogglePlay={() => setChoice(!playing)}
            onToggleMute={() => setMuted((m) => !m)}
            onEnded={() => setChoice(false)}
            onPlayRefused={() => setChoice(false)}
            onActivity={poke}
          />
        ))}
      </div>

      <Link
        href="/create-reel"
        state={OPENED_IN_APP}
        className="absolute top-3 left-3 inline-flex min-h-11 items-center rounded-full bg-black/40 px-3 text-sm font-semibold text-white hover:bg-black/60"
      >
        + New reel
      </Link>

      <nav aria-label="Reel navigation" className="absolute top-1/2 right-1 -translate-y-1/2">
        <ul className="flex flex-col items-center">
          {reels.slice(dots.start, dots.end).map((reel, offset) => {
            const i = dots.start + offset;
            // An end dot with more reels beyond it is smaller: the list goes on.
            const more = (i === dots.start && i > 0) || (i === dots.end - 1 && i < count - 1);
            return (
              <li key={reel.id}>
                <button
                  type="button"
                  aria-label={`Go to reel ${i + 1}`}
                  aria-current={i === active ? 'true' : undefined}
                  onClick={() => goTo(i)}
                  className="grid h-5 w-7 place-items-center"
                >
                  <span
                    className={cn(
                      'block rounded-full transition-all',
                      i === active ? 'h-3 w-1.5 bg-white' : more ? 'size-1 bg-white/40' : 'size-1.5 bg-white/50',
                    )}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </main>
  );
}
