import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Story, StoryGroup, StoryViewResponse } from '../types';
import { storyKeys } from './keys';

/** POST /api/stories/{id}/view → {viewsCount}; the server counts one view per viewer. */
export async function recordStoryView(storyId: number): Promise<StoryViewResponse> {
  const res = await apiRequest('POST', `/api/stories/${storyId}/view`);
  return (await res.json()) as StoryViewResponse;
}

/** Applies `update` to story `storyId` in the cached groups. */
function updateCachedStory(queryClient: QueryClient, storyId: number, update: (story: Story) => Story): void {
  queryClient.setQueryData<StoryGroup[]>(storyKeys.groups(), (groups) =>
    groups?.map((group) =>
      group.stories.some((story) => story.id === storyId)
        ? { ...group, stories: group.stories.map((story) => (story.id === storyId ? update(story) : story)) }
        : group,
    ),
  );
}

/**
 * Records that the session user saw a story. The story counts as seen at once (the strip's
 * ring reflects it when the viewer closes); the server's answer brings the view count.
 */
export function useRecordStoryView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordStoryView,
    onMutate: (storyId) => updateCachedStory(queryClient, storyId, (story) => ({ ...story, viewedByMe: true })),
    onSuccess: ({ viewsCount }, storyId) =>
      updateCachedStory(queryClient, storyId, (story) => ({ ...story, viewsCount, viewedByMe: true })),
  });
}
