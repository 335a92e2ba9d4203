import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequestWithProgress } from '@/lib/api-client';
import type { CreatePostRequest, Post } from '@/types/social';
import { prependCachedPost } from './cache';
import { postKeys } from './keys';

/** POST /api/posts → 201 with the post; `onProgress` follows the upload of the body (0..1). */
export function createPost(payload: CreatePostRequest, onProgress: (fraction: number) => void = () => {}): Promise<Post> {
  return apiRequestWithProgress<Post>('POST', '/api/posts', payload, onProgress);
}

/**
 * Creates a post, exposing the upload progress. On success the post is first in the cached feed
 * and the author's grid at once (issue 43: a new post appears first in your own feed), and every
 * post list is refreshed behind it.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (payload: CreatePostRequest) => {
      setProgress(0);
      return createPost(payload, setProgress);
    },
    onSuccess: (post) => {
      prependCachedPost(queryClient, postKeys.feed(), post);
      prependCachedPost(queryClient, postKeys.byUser(post.user.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
