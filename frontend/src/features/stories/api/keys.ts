//! Query keys of the stories feature.
import { storiesQueryKey } from '@/lib/query-keys';

export const storyKeys = {
  all: storiesQueryKey,
  /** The strip: one circle per author, without their stories (issue 45). */
  groups: () => ['stories', 'groups'] as const,
  /** One author's live stories, read when their circle is opened. */
  user: (userId: number) => ['stories', 'user', userId] as const,
  /** Who saw one of your stories (issue 43). */
  viewers: (storyId: number) => ['stories', 'viewers', storyId] as const,
};
