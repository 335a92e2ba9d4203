import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { StoryGroup } from '../types';
import { storyKeys } from './keys';

/** DELETE /api/stories/{id} → 204 (issue 43): its author's, or an admin's. */
export async function deleteStory(storyId: number): Promise<void> {
  await apiRequest('DELETE', `/api/stories/${storyId}`);
}

/**
 * Deletes a story once the server agrees: `onDeleted` runs first (the viewer moves on or
 * closes, in the same render as what follows), then it leaves the cached strip (its group too,
 * when it was the last) and the strip is refetched behind it. A failure stays with the caller
 * (the confirmation shows it, to try again).
 */
export function useDeleteStory({ onDeleted }: { onDeleted?: (storyId: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_, storyId) => {
      onDeleted?.(storyId);
      queryClient.setQueryData<StoryGroup[]>(storyKeys.groups(), (groups) =>
        groups
          ?.map((group) => ({ ...group, stories: group.stories.filter((story) => story.id !== storyId) }))
          .filter((group) => group.stories.length > 0),
      );
      queryClient.removeQueries({ queryKey: storyKeys.viewers(storyId) });
      void queryClient.invalidateQueries({ queryKey: storyKeys.groups() });
      toast({ title: 'Story deleted' });
    },
  });
}
