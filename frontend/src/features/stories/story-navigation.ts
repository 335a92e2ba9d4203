//! Where the story viewer goes next (spec 000 §4): through a group's stories, then on to the
//! next group's; back the same way. Groups without stories are skipped.
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
