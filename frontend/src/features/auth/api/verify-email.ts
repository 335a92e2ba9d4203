import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-keys';
import type { VerifiedEmail } from '../types';

/**
 * POST /api/auth/verify-email `{token}` → 200 `{email}`: a sign-up link verifies the address,
 * an email-change link makes the new address the account's. 400 `link_expired`; 409
 * `email_taken`. Signed in or out.
 */
export async function verifyEmail(token: string): Promise<VerifiedEmail> {
  const res = await apiRequest('POST', '/api/auth/verify-email', { token });
  return (await res.json()) as VerifiedEmail;
}

/** Verifies, then refreshes the session user (its `emailVerified`, `email`, the banner). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
