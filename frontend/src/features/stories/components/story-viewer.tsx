//! The story viewer (spec 000 §2, §4): a full-screen dialog with one progress segment per story
//! of the group, the author's name and the story's relative time, the image, the caption and the
//! view count. Progress advances 2 % every 100 ms; at 100 % the next story (of this group, then
//! of the next) is shown, and after the last one the viewer closes. Tap zones, arrow buttons and
//! the arrow keys move; Escape closes. Each story shown is recorded as viewed.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Eye, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, FullScreenDialogContent } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { relativeTime } from '@/lib/relative-time';
import { useRecordStoryView } from '../api/record-story-view';
import { nextPosition, previousPosition, type StoryPosition } from '../story-navigation';
import type { StoryGroup } from '../types';

/** Spec 000 §4, §9: progress grows by 2 percent every 100 ms, about 5 s per story. */
export const PROGRESS_STEP = 2;
export const PROGRESS_TICK_MS = 100;

function viewsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
}

/**
 * Shown while mounted: the parent renders it when a circle is picked and unmounts it on
 * `onClose`, so every timer ends with it. `groups` is the live list (view counts update).
 */
export function StoryViewer({
  groups,
  startGroup,
  onClose,
}: {
  groups: StoryGroup[];
  startGroup: number;
  onClose: () => void;
}) {
  const [position, setPosition] = useState<StoryPosition>({ group: startGroup, story: 0 });
  const [progress, setProgress] = useState(0);
  const recordView = useRecordStoryView();
  const recorded = useRef(new Set<number>());

  const group = groups[position.group];
  const story = group?.stories[position.story];
  const previous = previousPosition(groups, position);

  const goTo = useCallback(
    (to: StoryPosition | null) => {
      if (!to) {
        onClose();
        return;
      }
      setPosition(to);
      setProgress(0);
    },
    [onClose],
  );
  const goNext = useCallback(() => goTo(nextPosition(groups, position)), [goTo, groups, position]);
  const goPrevious = useCallback(() => {
    if (previous) goTo(previous);
  }, [goTo, previous]);

  // One timer per story shown: changing story restarts it from 0 %.
  useEffect(() => {
    const timer = setInterval(() => setProgress((p) => Math.min(100, p + PROGRESS_STEP)), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [position.group, position.story]);

  useEffect(() => {
    if (progress >= 100) goNext();
  }, [progress, goNext]);

  // The list changed under us (a refetch dropped an expired story): nothing left to show.
  useEffect(() => {
    if (!story) onClose();
  }, [story, onClose]);

  // Record each story once per opening; a ref survives StrictMode's second effect run.
  const storyId = story?.id;
  const seen = story?.viewedByMe ?? true;
  const { mutate } = recordView;
  useEffect(() => {
    if (storyId === undefined || seen || recorded.current.has(storyId)) return;
    recorded.current.add(storyId);
    mutate(storyId);
  }, [storyId, seen, mutate]);

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

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <FullScreenDialogContent aria-describedby={undefined}>
        {group && story && (
          <>
            <div className="absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/70 to-transparent px-3 pt-3 pb-6">
              <div className="flex gap-1">
                {group.stories.map((s, index) => {
                  const value = index < position.story ? 100 : index === position.story ? progress : 0;
                  return (
                    <div
                      key={s.id}
                      {...(index === position.story
                        ? {
                            role: 'progressbar',
                            'aria-label': `Story ${index + 1} of ${group.stories.length}`,
                            'aria-valuemin': 0,
                            'aria-valuemax': 100,
                            'aria-valuenow': value,
                          }
                        : { 'aria-hidden': true })}
                      className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/30"
                    >
                      <div className="h-full bg-white" style={{ width: `${value}%` }} />
                    </div>
                  );
                })}
              </div>
              <div className="mt-2 flex items-center gap-2">
                <Avatar src={group.user.profileImage} name={group.user.displayName} className="size-8 text-sm" />
                <div className="flex min-w-0 flex-1 items-baseline gap-2">
                  <DialogPrimitive.Title className="truncate text-sm font-semibold text-white">
                    {group.user.displayName}
                  </DialogPrimitive.Title>
                  <span className="shrink-0 text-xs text-white/70">{relativeTime(story.createdAt)}</span>
                </div>
                <DialogPrimitive.Close asChild>
                  <IconButton label="Close" icon={X} className="text-white hover:bg-white/10" />
                </DialogPrimitive.Close>
              </div>
            </div>

            <div className="relative flex min-h-0 flex-1 items-center justify-center">
              {story.type === 'video' ? (
                <video
                  key={story.id}
                  src={story.imageUrl}
                  autoPlay
                  muted
                  playsInline
                  aria-label={story.caption || `Story by ${group.user.displayName}`}
                  className="max-h-full w-full object-contain"
                />
              ) : (
                <img
                  key={story.id}
                  src={story.imageUrl}
                  alt={story.caption || `Story by ${group.user.displayName}`}
                  className="max-h-full w-full object-contain"
                />
              )}
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

            <div className="z-20 space-y-2 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
              {story.caption && <p className="text-sm text-white">{story.caption}</p>}
              <p className="flex items-center gap-1.5 text-xs text-white/70">
                <Eye aria-hidden="true" className="size-4" />
                {viewsLabel(story.viewsCount)}
              </p>
            </div>
          </>
        )}
      </FullScreenDialogContent>
    </Dialog>
  );
}
