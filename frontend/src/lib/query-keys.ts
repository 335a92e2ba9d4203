//! Roots of the query keys that another feature refreshes. Features never import one another
//! (README), so the lists whose items embed their author's name and avatar (every post list,
//! the stories strip) keep their root here; a profile or avatar change refreshes them through it.
//! Their features' key factories (postKeys, storyKeys) build on these.
export const postsQueryKey = ['posts'] as const;
export const storiesQueryKey = ['stories'] as const;
