import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AccountMessage } from '../types';

/**
 * POST /api/auth/verify-email/resend → 202 `{message}`. 409 `already_verified`; 429 more than
 * once a minute (or 5 an hour).
 */
export async function resendVerification(): Promise<AccountMessage> {
  const res = await apiRequest('POST', '/api/auth/verify-email/resend');
  return (await res.json()) as AccountMessage;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
