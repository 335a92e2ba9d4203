import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StoryGroup } from '../types';
import { storyKeys } from './keys';

/**
 * GET /api/users/{id}/stories (issue 45): one circle's unexpired stories, oldest first; none
 * when they expired meanwhile or the account is private and not followed. 404 for an unknown,
 * deactivated or blocked user.
 */
export async function getUserStories(userId: number): Promise<StoryGroup> {
  const res = await apiRequest('GET', `/api/users/${userId}/stories`);
  return (await res.json()) as StoryGroup;
}

export function userStoriesQueryOptions(userId: number) {
  return queryOptions({ queryKey: storyKeys.user(userId), queryFn: () => getUserStories(userId) });
}

export function useUserStories(userId: number) {
  return useQuery(userStoriesQueryOptions(userId));
}
