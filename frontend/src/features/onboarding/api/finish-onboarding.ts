import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { userQueryKey } from '@/lib/query-keys';

/** POST /api/user/onboarding → 204: the first run is over, finished or skipped; `onboarded` turns true. */
export async function finishOnboarding(): Promise<void> {
  await apiRequest('POST', '/api/user/onboarding');
}

/** Ends the first run; the session user says so at once, so nothing sends the user back to it. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishOnboarding,
    onSuccess: () => {
      queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, onboarded: true } : user));
    },
  });
}
