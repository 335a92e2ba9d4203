import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { Comment } from '../types';
import { findCachedComment, updateCachedComment } from './cache';
import { commentKeys } from './keys';

/** DELETE /api/comments/{id} → 204; its replies go with it. */
export async function deleteComment(commentId: number): Promise<void> {
  await apiRequest('DELETE', `/api/comments/${commentId}`);
}

/**
 * Deletes a comment once the server agrees: it leaves every list, its parent's replies count
 * drops, and the item's count drops by it and its replies (`onCountChange`).
 */
export function useDeleteComment(comment: Comment, onCountChange?: (delta: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: commentKeys.remove(comment.id),
    mutationFn: () => deleteComment(comment.id),
    onSuccess: () => {
      const current = findCachedComment(queryClient, comment.id) ?? comment;
      const removed = 1 + (current.parentId === null ? current.repliesCount : 0);
      updateCachedComment(queryClient, comment.id, () => null);
      if (current.parentId !== null) {
        updateCachedComment(queryClient, current.parentId, (c) => ({ ...c, repliesCount: Math.max(0, c.repliesCount - 1) }));
      }
      queryClient.removeQueries({ queryKey: commentKeys.replies(comment.id) });
      onCountChange?.(-removed);
      toast({ title: 'Comment deleted' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to delete the comment.' });
    },
  });
}
