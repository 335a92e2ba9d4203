//! Query keys of the stories feature.
export const storyKeys = {
  all: ['stories'] as const,
  groups: () => ['stories', 'groups'] as const,
};
