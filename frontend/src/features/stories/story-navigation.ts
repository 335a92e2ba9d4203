//! Where the story viewer goes next: through a circle's stories, then on to the
//! next circle's; back the same way. A circle's stories load only when it is reached, so a
//! position may point into a circle whose count is not known yet: its first story going
//! forward, its last ('last') going back. Circles known to be empty are skipped. Between
//! circles, after every third one, a sponsored story comes when an ad runs (the pages of a viewing).
import { interstitialSlot } from '@/lib/interstitial';

/** A story of the strip's `group`-th circle: its index, or 'last' until the circle has loaded. */
export interface StoryPosition {
  group: number;
  story: number | 'last';
}

/** The strip's circles as the viewer knows them. */
export interface Circles {
  length: number;
  /** How many stories the `group`-th circle has, or undefined while they are not loaded. */
  count: (group: number) => number | undefined;
}

/** The index `at` stands for in a circle of `count` stories ('last' is `count - 1`). */
export function storyIndex(at: StoryPosition, count: number): number {
  return at.story === 'last' ? count - 1 : at.story;
}

/** The story after `at`, or null after the last story of the last circle (the viewer closes). */
export function nextPosition(circles: Circles, at: StoryPosition): StoryPosition | null {
  const count = circles.count(at.group);
  if (count !== undefined && storyIndex(at, count) + 1 < count) {
    return { group: at.group, story: storyIndex(at, count) + 1 };
  }
  for (let group = at.group + 1; group < circles.length; group++) {
    if (circles.count(group) !== 0) return { group, story: 0 };
  }
  return null;
}

/** The story before `at` (the previous circle's last), or null on the very first story. */
export function previousPosition(circles: Circles, at: StoryPosition): StoryPosition | null {
  const count = circles.count(at.group);
  if (count !== undefined && storyIndex(at, count) > 0) return { group: at.group, story: storyIndex(at, count) - 1 };
  for (let group = at.group - 1; group >= 0; group--) {
    const before = circles.count(group);
    if (before !== 0) return { group, story: before === undefined ? 'last' : before - 1 };
  }
  return null;
}

/** A sponsored story comes after every this many creator circles of a viewing. */
export const GROUPS_PER_SPONSORED = 3;

/**
 * What the viewer shows: a creator's story, or the `slot`-th sponsored story of this viewing,
 * which sits between the story `from` (the last of a circle) and `to` (the first of the next).
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
 * circle, counted from the circle the viewing opened on (`start`) and including it; every
 * circle counts (whether it had stories is not known before it is reached). Circles before
 * `start` (reached with previous) are never followed by one.
 */
function sponsoredSlotAfter(start: number, group: number): number | null {
  return interstitialSlot(group - start + 1, GROUPS_PER_SPONSORED);
}

/**
 * The page after `page`: the next story, with a sponsored story first where one falls between
 * two circles (never inside one, never after the last); null when the viewer closes.
 */
export function nextPage(circles: Circles, page: ViewerPage, start: number, hasSponsored: HasSponsored): ViewerPage | null {
  if (page.kind === 'sponsored') return storyPage(page.to);
  const to = nextPosition(circles, page);
  if (!to) return null;
  if (to.group !== page.group) {
    const slot = sponsoredSlotAfter(start, page.group);
    if (slot !== null && hasSponsored(slot)) return { kind: 'sponsored', slot, from: { group: page.group, story: page.story }, to };
  }
  return storyPage(to);
}

/** The page before `page`, back through the same sponsored stories; null on the very first. */
export function previousPage(circles: Circles, page: ViewerPage, start: number, hasSponsored: HasSponsored): ViewerPage | null {
  if (page.kind === 'sponsored') return storyPage(page.from);
  const from = previousPosition(circles, page);
  if (!from) return null;
  if (from.group !== page.group) {
    const slot = sponsoredSlotAfter(start, from.group);
    if (slot !== null && hasSponsored(slot)) return { kind: 'sponsored', slot, from, to: { group: page.group, story: page.story } };
  }
  return storyPage(from);
}
