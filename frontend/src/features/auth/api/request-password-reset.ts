import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AccountMessage } from '../types';

/**
 * POST /api/auth/password-reset `{email}` → 202 `{message}`, the same whether or not an account
 * has the address. 400 not an email; 429 past 5 an hour for the address.
 */
export async function requestPasswordReset(email: string): Promise<AccountMessage> {
  const res = await apiRequest('POST', '/api/auth/password-reset', { email });
  return (await res.json()) as AccountMessage;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
