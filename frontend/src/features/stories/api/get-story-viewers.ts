import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { StoryViewer } from '../types';
import { storyKeys } from './keys';

/**
 * GET /api/stories/{id}/viewers (issue 43): who saw your story, the latest first; the author
 * only (403 for anyone else). `X-Next-Cursor` when more follow.
 */
export function getStoryViewersPage(storyId: number, before: string | null): Promise<Page<StoryViewer>> {
  return apiPage<StoryViewer>(pageUrl(`/api/stories/${storyId}/viewers`, before));
}

export function storyViewersQueryOptions(storyId: number) {
  return infiniteQueryOptions({
    queryKey: storyKeys.viewers(storyId),
    ...cursorPaging((before) => getStoryViewersPage(storyId, before)),
  });
}

export function useStoryViewers(storyId: number) {
  return useInfiniteQuery(storyViewersQueryOptions(storyId));
}
