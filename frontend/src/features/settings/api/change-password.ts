import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MessageResponse, PasswordChange } from '../types';
import { settingsKeys } from './keys';

/**
 * POST /api/user/password → {message: 'Password updated'}. The server ends every other session
 * of the user; this one stays.
 */
export async function changePassword(change: PasswordChange): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/user/password', change);
  return (await res.json()) as MessageResponse;
}

export function useChangePassword() {
  return useMutation({ mutationKey: settingsKeys.changePassword(), mutationFn: changePassword });
}
