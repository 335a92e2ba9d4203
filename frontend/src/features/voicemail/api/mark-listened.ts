import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { Voicemail } from '../types';
import { updateVoicemail } from './cache';
import { voicemailKeys } from './keys';

/** PATCH /api/voicemails/{id}/listen → the voicemail, listened (idempotent). */
export async function markListened(id: number): Promise<Voicemail> {
  const res = await apiRequest('PATCH', `/api/voicemails/${id}/listen`);
  return (await res.json()) as Voicemail;
}

/**
 * Played means listened: the answer goes into the cached lists at once,
 * then the list and the unread count are refetched.
 */
export function useMarkListened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: voicemailKeys.listen(),
    mutationFn: markListened,
    onSuccess: (voicemail) => {
      updateVoicemail(queryClient, voicemail.id, (v) => ({ ...v, isListened: true }));
      void queryClient.invalidateQueries({ queryKey: voicemailKeys.all });
    },
    onError: () => toast({ variant: 'destructive', title: 'Failed to mark voicemail as listened' }),
  });
}
