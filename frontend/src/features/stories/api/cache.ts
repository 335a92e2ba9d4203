//! Writes to the two caches a story lives in (issue 45): its author's stories, read when their
//! circle is opened, and the strip's circle, which holds no stories.
import type { QueryClient } from '@tanstack/react-query';
import type { Story, StoryGroup, StoryStripGroup } from '../types';
import { storyKeys } from './keys';

/** A story and the author whose circle holds it. */
export interface StoryRef {
  userId: number;
  storyId: number;
}

/** Applies `update` to `userId`'s cached stories, when loaded; answers them as they are now. */
export function updateUserStories(
  queryClient: QueryClient,
  userId: number,
  update: (stories: Story[]) => Story[],
): StoryGroup | undefined {
  return queryClient.setQueryData<StoryGroup>(storyKeys.user(userId), (group) => group && { ...group, stories: update(group.stories) });
}

/** Applies `update` to the cached strip's circles, when loaded. */
export function updateStrip(queryClient: QueryClient, update: (circles: StoryStripGroup[]) => StoryStripGroup[]): void {
  queryClient.setQueryData<StoryStripGroup[]>(storyKeys.groups(), (circles) => circles && update(circles));
}
