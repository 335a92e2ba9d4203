//! Query keys of the stories feature.
import { storiesQueryKey } from '@/lib/query-keys';

export const storyKeys = {
  all: storiesQueryKey,
  groups: () => ['stories', 'groups'] as const,
  /** Who saw one of your stories (issue 43). */
  viewers: (storyId: number) => ['stories', 'viewers', storyId] as const,
};
