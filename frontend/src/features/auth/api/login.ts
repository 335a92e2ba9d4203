import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { TwoFactorChallenge } from '../types';
import type { LoginPayload } from '../validate';

/** What a correct password leads to: signed in, or a second step first. */
export type LoginResult = { signedIn: true; user: User } | { signedIn: false; challenge: string };

/**
 * POST /api/auth/login `{login, password}` → 200 the user (the server sets a fresh session
 * cookie), or, with two-factor on, 202 `{twoFactorRequired, challenge}` and no cookie yet.
 */
export async function login(payload: LoginPayload): Promise<LoginResult> {
  const res = await apiRequest('POST', '/api/auth/login', payload);
  if (res.status === 202) {
    const { challenge } = (await res.json()) as TwoFactorChallenge;
    return { signedIn: false, challenge };
  }
  return { signedIn: true, user: (await res.json()) as User };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
