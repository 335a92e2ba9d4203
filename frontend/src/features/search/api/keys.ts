//! Query keys of explore's search.
export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => ['search', query] as const,
};
