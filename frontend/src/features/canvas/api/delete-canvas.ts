import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, type Page } from '@/lib/api-client';
import type { Canvas } from '../types';
import { canvasKeys } from './keys';

/** DELETE /api/canvases/{id} → 204 (issue 43): the owner's only. */
export async function deleteCanvas(canvasId: number): Promise<void> {
  await apiRequest('DELETE', `/api/canvases/${canvasId}`);
}

/**
 * Deletes a room once the server agrees: `onDeleted` runs first (the full-screen page leaves),
 * then it leaves the list (home shows the next room) and its picture is forgotten. A failure
 * stays with the caller (the confirmation shows it, to try again).
 */
export function useDeleteCanvas(canvasId: number, onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: canvasKeys.remove(canvasId),
    mutationFn: () => deleteCanvas(canvasId),
    onSuccess: () => {
      onDeleted?.();
      queryClient.setQueryData<Page<Canvas>>(canvasKeys.list(), (page) =>
        page ? { ...page, items: page.items.filter((c) => c.id !== canvasId) } : page,
      );
      queryClient.removeQueries({ queryKey: canvasKeys.detail(canvasId) });
      void queryClient.invalidateQueries({ queryKey: canvasKeys.list() });
      toast({ title: 'Canvas deleted' });
    },
  });
}
