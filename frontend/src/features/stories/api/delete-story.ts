import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { updateStrip, updateUserStories, type StoryRef } from './cache';
import { storyKeys } from './keys';

/** DELETE /api/stories/{id} → 204 (issue 43): its author's, or an admin's. */
export async function deleteStory(storyId: number): Promise<void> {
  await apiRequest('DELETE', `/api/stories/${storyId}`);
}

/**
 * Deletes a story once the server agrees: `onDeleted` runs first (the viewer moves on or
 * closes, in the same render as what follows), then it leaves its author's cached stories (and
 * their circle leaves the strip, when it was the last) and both are refetched behind it. A
 * failure stays with the caller (the confirmation shows it, to try again).
 */
export function useDeleteStory({ onDeleted }: { onDeleted?: (storyId: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId }: StoryRef) => deleteStory(storyId),
    onSuccess: (_, { userId, storyId }) => {
      onDeleted?.(storyId);
      const left = updateUserStories(queryClient, userId, (stories) => stories.filter((story) => story.id !== storyId));
      if (left?.stories.length === 0) updateStrip(queryClient, (circles) => circles.filter((circle) => circle.user.id !== userId));
      queryClient.removeQueries({ queryKey: storyKeys.viewers(storyId) });
      void queryClient.invalidateQueries({ queryKey: storyKeys.user(userId) });
      void queryClient.invalidateQueries({ queryKey: storyKeys.groups() });
      toast({ title: 'Story deleted' });
    },
  });
}
