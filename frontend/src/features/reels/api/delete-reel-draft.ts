import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { updateCachedDraft } from './draft-cache';
import { reelDraftKeys } from './keys';

/** DELETE /api/reel-drafts/{id} → 204 (issue 44). */
export async function deleteReelDraft(draftId: number): Promise<void> {
  await apiRequest('DELETE', `/api/reel-drafts/${draftId}`);
}

/** Deletes a draft once the server agrees; a failure stays with the caller (the confirmation shows it). */
export function useDeleteReelDraft(draftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reelDraftKeys.remove(draftId),
    mutationFn: () => deleteReelDraft(draftId),
    onSuccess: () => {
      updateCachedDraft(queryClient, draftId, () => null);
      toast({ title: 'Draft deleted' });
    },
  });
}
