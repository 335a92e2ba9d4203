//! Where the story viewer goes next: through a group's stories, then on to the
//! next group's; back the same way. Groups without stories are skipped. Between groups, after
//! every third one, a sponsored story comes when an ad runs (the pages of a viewing).
import { interstitialSlot } from '@/lib/interstitial';
import type { StoryGroup } from './types';

export interface StoryPosition {
  group: number;
  story: number;
}

/** The story after `at`, or null after the last story of the last group (the viewer closes). */
export function nextPosition(groups: StoryGroup[], at: StoryPosition): StoryPosition | null {
  if (at.story + 1 < (groups[at.group]?.stories.length ?? 0)) return { group: at.group, story: at.story + 1 };
  for (let group = at.group + 1; group < groups.length; group++) {
    if (groups[group].stories.length > 0) return { group, story: 0 };
  }
  return null;
}

/** The story before `at` (the previous group's last), or null on the very first story. */
export function previousPosition(groups: StoryGroup[], at: StoryPosition): StoryPosition | null {
  if (at.story > 0) return { group: at.group, story: at.story - 1 };
  for (let group = at.group - 1; group >= 0; group--) {
    const count = groups[group].stories.length;
    if (count > 0) return { group, story: count - 1 };
  }
  return null;
}

/** A sponsored story comes after every this many creator groups of a viewing. */
export const GROUPS_PER_SPONSORED = 3;

/**
 * What the viewer shows: a creator's story, or the `slot`-th sponsored story of this viewing,
 * which sits between the story `from` (the last of a group) and `to` (the first of the next).
 */
export type ViewerPage =
  | ({ kind: 'story' } & StoryPosition)
  | { kind: 'sponsored'; slot: number; from: StoryPosition; to: StoryPosition };

/** Whether the `slot`-th sponsored story of a viewing has an ad to show. */
export type HasSponsored = (slot: number) => boolean;

export function storyPage(at: StoryPosition): ViewerPage {
  return { kind: 'story', group: at.group, story: at.story };
}

/**
 * The sponsored slot that follows `group`, or null: one after every `GROUPS_PER_SPONSORED`th
 * group with stories, counted from the group the viewing opened on (`start`) and including it.
 * Groups before `start` (reached with previous) are never followed by one.
 */
function sponsoredSlotAfter(groups: StoryGroup[], start: number, group: number): number | null {
  let watched = 0;
  for (let g = start; g <= group; g++) if ((groups[g]?.stories.length ?? 0) > 0) watched++;
  return interstitialSlot(watched, GROUPS_PER_SPONSORED);
}

/**
 * The page after `page`: the next story, with a sponsored story first where one falls between
 * two groups (never inside a group, never after the last); null when the viewer closes.
 */
export function nextPage(
  groups: StoryGroup[],
  page: ViewerPage,
  start: number,
  hasSponsored: HasSponsored,
): ViewerPage | null {
  if (page.kind === 'sponsored') return storyPage(page.to);
  const to = nextPosition(groups, page);
  if (!to) return null;
  if (to.group !== page.group) {
    const slot = sponsoredSlotAfter(groups, start, page.group);
    if (slot !== null && hasSponsored(slot)) return { kind: 'sponsored', slot, from: { group: page.group, story: page.story }, to };
  }
  return storyPage(to);
}

/** The page before `page`, back through the same sponsored stories; null on the very first. */
export function previousPage(
  groups: StoryGroup[],
  page: ViewerPage,
  start: number,
  hasSponsored: HasSponsored,
): ViewerPage | null {
  if (page.kind === 'sponsored') return storyPage(page.from);
  const from = previousPosition(groups, page);
  if (!from) return null;
  if (from.group !== page.group) {
    const slot = sponsoredSlotAfter(groups, start, from.group);
    if (slot !== null && hasSponsored(slot)) return { kind: 'sponsored', slot, from, to: { group: page.group, story: page.story } };
  }
  return storyPage(from);
}
