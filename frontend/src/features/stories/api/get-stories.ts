import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StoryGroup } from '../types';
import { storyKeys } from './keys';

/** GET /api/stories: unexpired stories grouped by author, the session user's group first. */
export async function getStories(): Promise<StoryGroup[]> {
  const res = await apiRequest('GET', '/api/stories');
  return (await res.json()) as StoryGroup[];
}

export function storiesQueryOptions() {
  return queryOptions({ queryKey: storyKeys.groups(), queryFn: getStories });
}

export function useStories() {
  return useQuery(storiesQueryOptions());
}
