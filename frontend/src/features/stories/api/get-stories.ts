import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StoryStripGroup } from '../types';
import { storyKeys } from './keys';

/**
 * GET /api/stories (issue 45): the strip's circles in its order (the session user's first, then
 * the followed, then others), each with whether it holds a story the session user has not seen;
 * no stories (those come with GET /api/users/{id}/stories when a circle is opened).
 */
export async function getStories(): Promise<StoryStripGroup[]> {
  const res = await apiRequest('GET', '/api/stories');
  return (await res.json()) as StoryStripGroup[];
}

export function storiesQueryOptions() {
  return queryOptions({ queryKey: storyKeys.groups(), queryFn: getStories });
}

export function useStories() {
  return useQuery(storiesQueryOptions());
}
