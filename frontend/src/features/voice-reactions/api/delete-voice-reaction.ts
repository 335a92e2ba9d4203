import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import { voiceReactionKeys } from './keys';

/** DELETE /api/voice-reactions/{id} → 204 (its sender, the item's author or an admin). */
export async function deleteVoiceReaction(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/voice-reactions/${id}`);
}

/** Deletes a voice reaction once the server agrees; the item's list and counts refetch. */
export function useDeleteVoiceReaction(kind: CommunityItemKind, itemId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: voiceReactionKeys.remove(id),
    mutationFn: () => deleteVoiceReaction(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceReactionKeys.list(kind, itemId) }),
  });
}
