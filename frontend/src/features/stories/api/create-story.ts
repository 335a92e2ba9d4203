import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequestWithProgress } from '@/lib/api-client';
import type { CreateStoryRequest, Story } from '../types';
import { storyKeys } from './keys';

/** POST /api/stories → 201 with the story; `onProgress` follows the upload of the body (0..1). */
export function createStory(payload: CreateStoryRequest, onProgress: (fraction: number) => void = () => {}): Promise<Story> {
  return apiRequestWithProgress<Story>('POST', '/api/stories', payload, onProgress);
}

/** Creates a story, exposing the upload progress; on success the stories list is refreshed. */
export function useCreateStory() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (payload: CreateStoryRequest) => {
      setProgress(0);
      return createStory(payload, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.all }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
