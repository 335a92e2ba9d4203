//! The story viewer: a full-screen dialog with one progress segment per story
//! of the group, the author's name and the story's relative time, the image, the caption and the
//! view count. Progress advances 2 % every 100 ms; at 100 % the next story (of this group, then
//! of the next) is shown, and after the last one the viewer closes. Tap zones, arrow buttons and
//! the arrow keys move; Escape closes. Each story shown is recorded as viewed. After every third
//! group a sponsored story, given by the page (`sponsored`), is shown the same way when one runs.
//! A group's stories are read when it is reached (issue 45), the next group's meanwhile; while
//! they load the author's name and 'Loading story' show and the timer waits. A group that turns
//! out to have none (expired meanwhile, private, its author gone) is passed over the way the
//! viewer was going; going back into a group lands on its last story.
//! Someone else's story has a 'Report story' button (issue 20): it closes the viewer (its timer
//! would run on under the dialog) and opens the safety layer's Report dialog. Only the author
//! sees the view count (issue 43): it opens who viewed the story, and beside it 'Delete story'
//! asks first; the timer waits while either is open.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Flag, Trash2, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, FullScreenDialogContent } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { useLatest } from '@/hooks/use-latest';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { relativeTime } from '@/lib/relative-time';
import { useSafetyActions } from '@/lib/safety-actions';
import { cn } from '@/lib/utils';
import { useDeleteStory } from '../api/delete-story';
import { userStoriesQueryOptions, useUserStories } from '../api/get-user-stories';
import { storyKeys } from '../api/keys';
import { useRecordStoryView } from '../api/record-story-view';
import { nextPage, previousPage, storyIndex, storyPage, type Circles, type ViewerPage } from '../story-navigation';
import type { StoryGroup, StoryStripGroup } from '../types';
import { StoryViewersDialog } from './story-viewers-dialog';

/** Progress grows by 2 percent every 100 ms, about 5 s per story. */
export const PROGRESS_STEP = 2;
export const PROGRESS_TICK_MS = 100;

/**
 * A sponsored story, as the page composes it from the ads feature (features do not import each
 * other): the viewer frames it with the progress bar, the close button and the navigation.
 */
export interface SponsoredStory {
  /** The dialog's accessible name, e.g. 'Sponsored: Inkwell Studio'. */
  label: string;
  /** Beside the close button: the 'Sponsored' label and the advertiser. */
  header: ReactNode;
  /** The page below the header: the picture and its text and link; records its own impression. */
  body: ReactNode;
}

/** The `slot`-th sponsored story of a viewing (0, 1, …), or null when no ad runs. */
export type SponsoredStories = (slot: number) => SponsoredStory | null;

function ProgressSegments({ count, current, value, label }: { count: number; current: number; value: number; label: string }) {
  return (
    <div className="flex gap-1">
      {Array.from({ length: count }, (_, index) => {
        const width = index < current ? 100 : index === current ? value : 0;
        return (
          <div
            key={index}
            {...(index === current
              ? {
                  role: 'progressbar',
                  'aria-label': label,
                  'aria-valuemin': 0,
                  'aria-valuemax': 100,
                  'aria-valuenow': width,
                }
              : { 'aria-hidden': true })}
            className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/30"
          >
            <div className="h-full bg-white" style={{ width: `${width}%` }} />
          </div>
        );
      })}
    </div>
  );
}

/**
 * How many stories a group's query holds: undefined while they load (or after a failure worth
 * showing), 0 when the server no longer shows its author (404).
 */
function storyCount(query: { data?: StoryGroup; error: unknown } | undefined): number | undefined {
  if (query?.data) return query.data.stories.length;
  return errorStatus(query?.error) === 404 ? 0 : undefined;
}

function pageKey(page: ViewerPage): string {
  return page.kind === 'story' ? `story:${page.group}:${page.story}` : `sponsored:${page.slot}`;
}

/**
 * Shown while mounted: the parent renders it when a circle is picked and unmounts it on
 * `onClose`, so every timer ends with it. `groups` are the strip's circles; each one's stories
 * come from its own query (view counts update there).
 */
export function StoryViewer({
  groups,
  startGroup,
  onClose,
  sponsored,
}: {
  groups: StoryStripGroup[];
  startGroup: number;
  onClose: () => void;
  sponsored?: SponsoredStories;
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState<ViewerPage>(() => storyPage({ group: startGroup, story: 0 }));
  // The way the viewer is going: a group that turns out empty is passed over this way.
  const [forward, setForward] = useState(true);
  const [progress, setProgress] = useState(0);
  const recordView = useRecordStoryView();
  const safety = useSafetyActions();
  const recorded = useRef(new Set<number>());
  // The author's viewers list or delete confirmation is open: the story waits.
  const [viewersOpen, setViewersOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const latestProgress = useLatest(progress);

  // The group shown, or the one a sponsored story leads to (its stories load meanwhile).
  const groupIndex = page.kind === 'story' ? page.group : page.to.group;
  const author = groups[groupIndex].user;
  const userStories = useUserStories(author.id);
  // Counts are read from the cache when needed: the next group's may have come by prefetch.
  const circles: Circles = useMemo(
    () => ({
      length: groups.length,
      count: (group) => storyCount(queryClient.getQueryState<StoryGroup>(storyKeys.user(groups[group].user.id))),
    }),
    [groups, queryClient],
  );
  const count = page.kind === 'story' ? storyCount(userStories) : undefined;
  const stories = page.kind === 'story' ? userStories.data?.stories : undefined;
  const story = page.kind === 'story' && stories ? stories[storyIndex(page, stories.length)] : undefined;
  // Waiting too while the story's group loads.
  const paused = viewersOpen || confirming || (page.kind === 'story' && !story);

  const hasSponsored = useCallback((slot: number) => sponsored?.(slot) != null, [sponsored]);
  const ad = page.kind === 'sponsored' ? (sponsored?.(page.slot) ?? null) : null;
  const previous = previousPage(circles, page, startGroup, hasSponsored);
  // Deleted: the group's next story takes its place; with none left, the viewer closes (in the
  // same render as the strip losing it, so no other story shows meanwhile).
  const remove = useDeleteStory({
    onDeleted: () => {
      setConfirming(false);
      setProgress(0);
      if ((stories?.length ?? 0) <= 1) onClose();
    },
  });
  const key = pageKey(page);

  const goTo = useCallback(
    (to: ViewerPage | null, onward: boolean) => {
      if (!to) {
        onClose();
        return;
      }
      setPage(to);
      setForward(onward);
      setProgress(0);
    },
    [onClose],
  );
  const goNext = useCallback(
    () => goTo(nextPage(circles, page, startGroup, hasSponsored), true),
    [goTo, circles, page, startGroup, hasSponsored],
  );
  const goPrevious = useCallback(() => {
    if (previous) goTo(previous, false);
  }, [goTo, previous]);

  // The next group's stories are on their way while this one shows, so moving on is instant.
  const nextAuthor = groups[groupIndex + 1]?.user.id;
  useEffect(() => {
    if (nextAuthor !== undefined) void queryClient.prefetchQuery(userStoriesQueryOptions(nextAuthor));
  }, [nextAuthor, queryClient]);

  // One timer per page shown: changing page restarts it from 0 %; at 100 % the next page comes.
  // Paused, it stops; resumed, it goes on from where it was.
  const latestGoNext = useLatest(goNext);
  useEffect(() => {
    if (paused) return;
    let shown = latestProgress.current;
    const timer = setInterval(() => {
      shown = Math.min(100, shown + PROGRESS_STEP);
      setProgress(shown);
      if (shown < 100) return;
      clearInterval(timer);
      latestGoNext.current();
    }, PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [key, paused, latestGoNext, latestProgress]);

  // Passed over: a sponsored story whose ad stopped running, and a group with no stories (the
  // way the viewer was going; null when nothing lies beyond, and the viewer closes).
  let passOver: ViewerPage | null | undefined;
  if (page.kind === 'sponsored' && !ad) passOver = storyPage(page.to);
  else if (count === 0) passOver = (forward ? nextPage : previousPage)(circles, page, startGroup, hasSponsored);
  // Nothing to show either when the list changed under us (a refetch dropped an expired story).
  const closing = passOver === null || (!!count && !story);
  useEffect(() => {
    if (closing) onClose();
  }, [closing, onClose]);
  if (passOver) {
    // Moved on while rendering (React's pattern for state that follows props): nothing of it shows.
    setPage(passOver);
    setProgress(0);
  }

  // Record each story once per opening; a ref survives StrictMode's second effect run.
  const storyId = story?.id;
  const seen = story?.viewedByMe ?? true;
  const { mutate } = recordView;
  useEffect(() => {
    if (storyId === undefined || seen || recorded.current.has(storyId)) return;
    recorded.current.add(storyId);
    mutate({ userId: author.id, storyId });
  }, [author.id, storyId, seen, mutate]);

  // On the document, not the dialog: focus may sit on a button that just became disabled.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        goNext();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        goPrevious();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [goNext, goPrevious]);

  // One layout for both kinds of page, so the close and arrow buttons stay the same elements
  // (and keep focus) when a sponsored story comes or goes.
  let shown: { segments: ReactNode; heading: ReactNode; media: ReactNode; footer: ReactNode } | null = null;
  const byline = (
    <>
      <Avatar src={author.profileImage} name={author.displayName} className="size-8 text-sm" />
      <div className="flex min-w-0 flex-1 items-baseline gap-2">
        <DialogPrimitive.Title className="truncate text-sm font-semibold text-white">{author.displayName}</DialogPrimitive.Title>
        {story && <span className="shrink-0 text-xs text-white/70">{relativeTime(story.createdAt)}</span>}
      </div>
    </>
  );
  if (page.kind === 'story' && stories && story) {
    const index = storyIndex(page, stories.length);
    shown = {
      segments: (
        <ProgressSegments
          count={stories.length}
          current={index}
          value={progress}
          label={`Story ${index + 1} of ${stories.length}`}
        />
      ),
      heading: (
        <>
          {byline}
          {safety && safety.viewerId === author.id && (
            <ConfirmDialog
              open={confirming}
              onOpenChange={(next) => {
                setConfirming(next);
                if (!next) remove.reset();
              }}
              trigger={<IconButton label="Delete story" icon={Trash2} iconClassName="size-5" className="text-white hover:bg-white/10" />}
              title="Delete story?"
              description="It leaves your story at once, with its views. This cannot be undone."
              confirmLabel="Delete"
              busyLabel="Deleting..."
              busy={remove.isPending}
              error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the story. Please try again.') : undefined}
              onConfirm={() => remove.mutate({ userId: author.id, storyId: story.id })}
            />
          )}
          {safety && safety.viewerId !== author.id && (
            <IconButton
              label="Report story"
              icon={Flag}
              iconClassName="size-5"
              onClick={() => {
                onClose();
                safety.report({ targetType: 'story', targetId: story.id });
              }}
              className="text-white hover:bg-white/10"
            />
          )}
        </>
      ),
      media:
        story.type === 'video' ? (
          <video
            key={story.id}
            src={story.imageUrl}
            autoPlay
            muted
            playsInline
            aria-label={story.caption || `Story by ${author.displayName}`}
            className="max-h-full w-full object-contain"
          />
        ) : (
          <img
            key={story.id}
            src={story.imageUrl}
            alt={story.caption || `Story by ${author.displayName}`}
            className="max-h-full w-full object-contain"
          />
        ),
      footer: (
        <div className="z-20 space-y-2 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
          {story.caption && <p className="text-sm text-white">{story.caption}</p>}
          {story.viewsCount !== null && (
            <StoryViewersDialog
              storyId={story.id}
              count={story.viewsCount}
              open={viewersOpen}
              onOpenChange={setViewersOpen}
              onNavigate={onClose}
            />
          )}
        </div>
      ),
    };
  } else if (page.kind === 'story' && count === undefined) {
    // Its stories are on their way; a failure other than 'not found' says so (Next moves on).
    shown = {
      segments: <div aria-hidden="true" className="h-0.5 rounded-full bg-white/30" />,
      heading: byline,
      media: userStories.isError ? (
        <p className="px-8 text-center text-sm text-white/80">This story could not be loaded.</p>
      ) : (
        <Spinner label="Loading story" />
      ),
      footer: null,
    };
  } else if (page.kind === 'sponsored' && ad) {
    shown = {
      segments: <ProgressSegments count={1} current={0} value={progress} label="Sponsored story" />,
      heading: (
        <DialogPrimitive.Title aria-label={ad.label} className="min-w-0 flex-1">
          {ad.header}
        </DialogPrimitive.Title>
      ),
      // Keyed by the page: each showing mounts it anew (and counts as one impression).
      media: <Fragment key={key}>{ad.body}</Fragment>,
      footer: null,
    };
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <FullScreenDialogContent aria-describedby={undefined}>
        {shown && (
          <>
            <div className="absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/70 to-transparent px-3 pt-3 pb-6">
              {shown.segments}
              <div className="mt-2 flex items-center gap-2">
                {shown.heading}
                <DialogPrimitive.Close asChild>
                  <IconButton label="Close" icon={X} className="text-white hover:bg-white/10" />
                </DialogPrimitive.Close>
              </div>
            </div>

            <div
              className={cn(
                'relative flex min-h-0 flex-1',
                page.kind === 'story' ? 'items-center justify-center' : 'flex-col',
              )}
            >
              {shown.media}
              {/* Tap zones for touch; the arrow buttons below are the accessible controls. */}
              <div aria-hidden="true" data-testid="story-tap-previous" onClick={goPrevious} className="absolute inset-y-0 left-0 z-10 w-1/3" />
              <div aria-hidden="true" data-testid="story-tap-next" onClick={goNext} className="absolute inset-y-0 right-0 z-10 w-2/3" />
              <IconButton
                label="Previous story"
                icon={ChevronLeft}
                onClick={goPrevious}
                disabled={!previous}
                className="absolute top-1/2 left-2 z-20 -translate-y-1/2 bg-black/40 text-white hover:bg-black/60 disabled:opacity-30"
              />
              <IconButton
                label="Next story"
                icon={ChevronRight}
                onClick={goNext}
                className="absolute top-1/2 right-2 z-20 -translate-y-1/2 bg-black/40 text-white hover:bg-black/60"
              />
            </div>

            {shown.footer}
          </>
        )}
      </FullScreenDialogContent>
    </Dialog>
  );
}
