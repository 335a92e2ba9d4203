//! Roots of the query keys that another feature refreshes. Features never import one another
//! (README), so the lists whose items embed their author's name and avatar (every post list,
//! the stories strip, the reels) keep their root here; a profile or avatar change refreshes them
//! through it. Their features' key factories (postKeys, storyKeys, reelKeys) build on these.
import type { QueryClient } from '@tanstack/react-query';

export const postsQueryKey = ['posts'] as const;
export const storiesQueryKey = ['stories'] as const;
export const reelsQueryKey = ['reels'] as const;

/** Marks every list that embeds authors stale; active ones refetch in the background. */
export function refreshAuthoredLists(queryClient: QueryClient): void {
  for (const queryKey of [postsQueryKey, storiesQueryKey, reelsQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
