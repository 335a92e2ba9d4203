import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SignedInSession } from '../types';
import { settingsKeys } from './keys';

/** DELETE /api/user/sessions/{id} → 204: that session ends and its sockets close. 404 `Session not found`. */
export async function endSession(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`);
}

/** Ends one other session; its row leaves the list at once, and the list is asked again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const key = settingsKeys.sessions();
  return useMutation({
    mutationKey: key,
    mutationFn: endSession,
    onSuccess: async (_nothing, id) => {
      queryClient.setQueryData<SignedInSession[]>(key, (sessions) => sessions?.filter((s) => s.id !== id));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
