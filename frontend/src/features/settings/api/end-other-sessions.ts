import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SessionsEnded, SignedInSession } from '../types';
import { settingsKeys } from './keys';

/** DELETE /api/user/sessions → `{ended}`: every session but this one ends. */
export async function endOtherSessions(): Promise<SessionsEnded> {
  const res = await apiRequest('DELETE', '/api/user/sessions');
  return (await res.json()) as SessionsEnded;
}

/** Ends every other session; the list keeps this one only, then is asked again. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  const key = settingsKeys.sessions();
  return useMutation({
    mutationKey: key,
    mutationFn: endOtherSessions,
    onSuccess: async () => {
      queryClient.setQueryData<SignedInSession[]>(key, (sessions) => sessions?.filter((s) => s.current));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
