import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PasswordResetConfirm {
  token: string;
  password: string;
}

/**
 * POST /api/auth/password-reset/confirm → 204: the password changed and every session of the
 * account ended (this browser's too, if it was signed in). 400 `link_expired` or the password
 * rules.
 */
export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  await apiRequest('POST', '/api/auth/password-reset/confirm', body);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
