import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { feedQueryKey, storiesQueryKey, usersQueryKey } from '@/lib/query-keys';
import type { SafetySubject } from '@/lib/safety-actions';

/** POST /api/users/{id}/mute (mute) or DELETE (unmute) → 204; both idempotent. They are not told. */
export async function setMuted(userId: number, mute: boolean): Promise<void> {
  await apiRequest(mute ? 'POST' : 'DELETE', `/api/users/${userId}/mute`);
}

/**
 * Mutes or unmutes: a toast says so; the home feed and the story strip (the only lists a mute
 * changes) refetch, and so do the profiles (`isMuted`, which the profile's menu reads).
 */
function useSetMuted(mute: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: SafetySubject) => setMuted(subject.id, mute),
    onSuccess: (_answer, subject) => {
      toast({ title: `${mute ? 'Muted' : 'Unmuted'} @${subject.username}` });
      for (const queryKey of [feedQueryKey, storiesQueryKey, usersQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error, subject) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) ?? `Failed to ${mute ? 'mute' : 'unmute'} @${subject.username}. Please try again.`,
      }),
  });
}

export function useMuteUser() {
  return useSetMuted(true);
}

export function useUnmuteUser() {
  return useSetMuted(false);
}
