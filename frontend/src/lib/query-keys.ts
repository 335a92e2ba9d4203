//! The query keys that are not one feature's own. Features never import one another (README):
//! - the session (`userQueryKey`) and the settings (`settingsQueryKey`), read everywhere; their
//!   keys are their endpoints' paths, which their query functions fetch (`getQueryFn`);
//! - the roots of lists another feature refreshes: every list whose items embed their author's
//!   name and avatar (every post list, the stories strip, the reels), refreshed by a profile or
//!   avatar change; the users' data (profiles, follow status, skill matches), refreshed by a
//!   follow or a profile change; the ads shown to users, refreshed by an admin's change to an ad;
//!   and the lists a block or a mute changes (issue 20: the home feed, tags, comments, the
//!   conversations), refreshed by the safety feature. The features' key factories (postKeys,
//!   storyKeys, reelKeys, userKeys, adKeys, homeKeys, commentKeys, chatKeys) build on these roots.
import type { QueryClient } from '@tanstack/react-query';

export const userQueryKey = ['/api/auth/user'] as const;
export const settingsQueryKey = ['/api/user/settings'] as const;

export const postsQueryKey = ['posts'] as const;
export const storiesQueryKey = ['stories'] as const;
export const reelsQueryKey = ['reels'] as const;
export const usersQueryKey = ['users'] as const;
export const adsQueryKey = ['ads'] as const;
/** The home feed: a post list a mute changes (the others keep a muted author's posts). */
export const feedQueryKey = ['posts', 'feed'] as const;
/** A tag's count (its posts are a post list, under `postsQueryKey`). */
export const tagsQueryKey = ['tags'] as const;
export const commentsQueryKey = ['comments'] as const;
/** The chat's conversation list (each conversation's `isBlocked`). */
export const conversationsQueryKey = ['chat', 'conversations'] as const;

/** Marks every list that embeds authors stale; active ones refetch in the background. */
export function refreshAuthoredLists(queryClient: QueryClient): void {
  for (const queryKey of [postsQueryKey, storiesQueryKey, reelsQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
