import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/auth';

export interface TwoFactorLogin {
  challenge: string;
  /** Six digits from the authenticator app, or a recovery code `xxxxx-xxxxx`. */
  code: string;
}

/**
 * POST /api/auth/login/2fa → 200 the user and the session cookie. 401 `invalid_code` (the 5th
 * ends the challenge) or `challenge_expired` (ended, or older than 10 minutes); 429.
 */
export async function loginTwoFactor(body: TwoFactorLogin): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/login/2fa', body);
  return (await res.json()) as User;
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
