//! Query keys of the stories feature.
import { storiesQueryKey } from '@/lib/query-keys';

export const storyKeys = {
  all: storiesQueryKey,
  groups: () => ['stories', 'groups'] as const,
};
