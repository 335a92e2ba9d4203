import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Story, StoryViewResponse } from '../types';
import { updateStrip, updateUserStories, type StoryRef } from './cache';

/** POST /api/stories/{id}/view → {viewsCount}; the server counts one view per viewer. */
export async function recordStoryView(storyId: number): Promise<StoryViewResponse> {
  const res = await apiRequest('POST', `/api/stories/${storyId}/view`);
  return (await res.json()) as StoryViewResponse;
}

/** Applies `update` to the story in its author's cached stories; answers them as they are now. */
function updateCachedStory(queryClient: QueryClient, { userId, storyId }: StoryRef, update: (story: Story) => Story) {
  return updateUserStories(queryClient, userId, (stories) => stories.map((story) => (story.id === storyId ? update(story) : story)));
}

/**
 * Records that the session user saw a story. It counts as seen at once, and once every story of
 * its circle is, the circle is no longer new (the strip's ring reflects it when the viewer
 * closes); the server's answer brings the view count.
 */
export function useRecordStoryView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId }: StoryRef) => recordStoryView(storyId),
    onMutate: (ref) => {
      const group = updateCachedStory(queryClient, ref, (story) => ({ ...story, viewedByMe: true }));
      if (group?.stories.every((story) => story.viewedByMe)) {
        updateStrip(queryClient, (circles) =>
          circles.map((circle) => (circle.user.id === ref.userId ? { ...circle, unseen: false } : circle)),
        );
      }
    },
    onSuccess: ({ viewsCount }, ref) => {
      updateCachedStory(queryClient, ref, (story) => ({ ...story, viewsCount, viewedByMe: true }));
    },
  });
}
