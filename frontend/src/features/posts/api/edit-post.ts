import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { EditPostRequest, Post } from '@/types/social';
import { updateCachedPost } from './cache';
import { postKeys } from './keys';

/** PATCH /api/posts/{id} → 200 with the post as edited (issue 44): its author only. */
export async function editPost(postId: number, body: EditPostRequest): Promise<Post> {
  const res = await apiRequest('PATCH', `/api/posts/${postId}`, body);
  return (await res.json()) as Post;
}

/**
 * Edits a post: once the server agrees, every cached copy (the feed, grids, SAVED, /p/{id})
 * shows the new text and 'Edited', and its history is read again when next opened. A refusal
 * stays with the caller (the dialog shows it).
 */
export function useEditPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.edit(postId),
    mutationFn: (body: EditPostRequest) => editPost(postId, body),
    onSuccess: (post) => {
      updateCachedPost(queryClient, postId, () => post);
      void queryClient.invalidateQueries({ queryKey: postKeys.history(postId) });
    },
  });
}
