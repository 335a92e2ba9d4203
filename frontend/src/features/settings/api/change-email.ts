import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-keys';
import type { MessageResponse } from '../types';
import { settingsKeys } from './keys';

export interface EmailChange {
  email: string;
  password: string;
}

/**
 * POST /api/user/email → 202 `{message}`: a link goes to the new address, which becomes the
 * account's when opened (until then it is the user's `pendingEmail`). 400 a bad address, a
 * wrong password or the same address; 409 `email_taken`; 429.
 */
export async function changeEmail(change: EmailChange): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/user/email', change);
  return (await res.json()) as MessageResponse;
}

/** Asks for the change, then refreshes the session user (its `pendingEmail`). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.changeEmail(),
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
