//! Creative Moments, the stories strip: 'Your Story' first (add one, or watch
//! your own), then one circle per user with the first word of their display name, in the
//! server's order. A gradient ring marks a circle the server calls unseen (its author's latest
//! story is later than the latest of theirs you saw). A circle opens the viewer, which loads
//! the circles' stories as it reaches them.
import { Plus } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useStories } from '../api/get-stories';
import type { StoryStripGroup } from '../types';
import { StoryViewer, type SponsoredStories } from './story-viewer';

/** 'Maya Chen' → 'Maya' (the circle shows the first word of the display name). */
export function firstWord(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? '';
}

function Ring({ unseen, children }: { unseen: boolean; children: ReactNode }) {
  return (
    <span
      className={cn(
        'grid size-[4.25rem] place-items-center rounded-full p-[3px]',
        unseen ? 'bg-gradient-to-tr from-amber-400 via-fuchsia-500 to-indigo-500' : 'bg-zinc-700',
      )}
    >
      <span className="grid size-full place-items-center rounded-full bg-zinc-950 p-[2px]">{children}</span>
    </span>
  );
}

const circleClass = 'flex w-[4.75rem] shrink-0 flex-col items-center gap-1 rounded-xl py-1 text-xs text-zinc-300';
const avatarClass = 'size-full text-xl';

/** `sponsored`: what the viewer shows after every third group (the page brings the ads). */
export function StoriesStrip({ sponsored }: { sponsored?: SponsoredStories }) {
  const me = useCurrentUser();
  const stories = useStories();
  // The circles as they were when one was opened: a refetch meanwhile does not move the viewer.
  const [opened, setOpened] = useState<{ groups: StoryStripGroup[]; start: number } | null>(null);
  const closeViewer = useCallback(() => setOpened(null), []);

  const groups = stories.data ?? [];
  const openViewer = (start: number) => setOpened({ groups, start });
  const ownIndex = groups.findIndex((group) => group.user.id === me.id);
  const others = groups.map((group, index) => ({ group, index })).filter(({ index }) => index !== ownIndex);

  const addLink = (
    <Link
      href="/create-story"
      aria-label="Add to your story"
      className="absolute right-0 bottom-5 grid size-6 place-items-center rounded-full border-2 border-zinc-950 bg-gradient-to-br from-fuchsia-500 to-indigo-500 text-white"
    >
      <Plus aria-hidden="true" className="size-3.5" strokeWidth={3} />
    </Link>
  );

  return (
    <section aria-labelledby="creative-moments-heading">
      <h2 id="creative-moments-heading" className="mb-2 text-lg font-semibold text-white">
        Creative Moments
      </h2>
      <ul aria-label="Stories" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        <li className="relative shrink-0">
          {ownIndex >= 0 ? (
            <>
              <button
                type="button"
                onClick={() => openViewer(ownIndex)}
                aria-label={groups[ownIndex].unseen ? 'Your Story, new' : 'Your Story'}
                data-unseen={groups[ownIndex].unseen}
                className={circleClass}
              >
                <Ring unseen={groups[ownIndex].unseen}>
                  <Avatar src={me.profileImageUrl} name={me.displayName} className={avatarClass} />
                </Ring>
                <span aria-hidden="true">Your Story</span>
              </button>
              {addLink}
            </>
          ) : (
            <Link href="/create-story" aria-label="Your Story" className={circleClass}>
              <span className="relative grid size-[4.25rem] place-items-center rounded-full border-2 border-dashed border-white/20">
                <Avatar src={me.profileImageUrl} name={me.displayName} className="size-[3.6rem] text-xl opacity-80" />
                <span className="absolute right-0 bottom-0 grid size-6 place-items-center rounded-full border-2 border-zinc-950 bg-gradient-to-br from-fuchsia-500 to-indigo-500 text-white">
                  <Plus aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </span>
              </span>
              <span aria-hidden="true">Your Story</span>
            </Link>
          )}
        </li>

        {stories.isPending &&
          [0, 1, 2, 3].map((i) => (
            <li key={i} className={circleClass} aria-hidden="true">
              <Skeleton className="size-[4.25rem] rounded-full" />
              <Skeleton className="h-3 w-12" />
            </li>
          ))}

        {others.map(({ group, index }) => {
          const { unseen } = group;
          return (
            <li key={group.user.id} className="shrink-0">
              <button
                type="button"
                onClick={() => openViewer(index)}
                aria-label={unseen ? `${group.user.displayName}, new story` : group.user.displayName}
                data-unseen={unseen}
                className={circleClass}
              >
                <Ring unseen={unseen}>
                  <Avatar src={group.user.profileImage} name={group.user.displayName} className={avatarClass} />
                </Ring>
                <span aria-hidden="true" className="max-w-full truncate">
                  {firstWord(group.user.displayName)}
                </span>
              </button>
            </li>
          );
        })}

        {stories.isError && (
          <li className="flex min-w-0 items-center self-center pr-4 text-sm text-zinc-500">Stories could not be loaded.</li>
        )}
        {stories.isSuccess && others.length === 0 && (
          <li className="flex min-w-0 items-center self-center pr-4 text-sm text-zinc-500">
            No stories from other creators yet.
          </li>
        )}
      </ul>
      {stories.isPending && <span role="status" className="sr-only">Loading stories</span>}

      {opened && <StoryViewer groups={opened.groups} startGroup={opened.start} onClose={closeViewer} sponsored={sponsored} />}
    </section>
  );
}
