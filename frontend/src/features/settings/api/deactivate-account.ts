import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Deactivation, MessageResponse } from '../types';
import { settingsKeys } from './keys';

/** POST /api/user/deactivate → {message: 'Account deactivated'}; the server ends every session. */
export async function deactivateAccount(body: Deactivation): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/user/deactivate', body);
  return (await res.json()) as MessageResponse;
}

export function useDeactivateAccount() {
  return useMutation({ mutationKey: settingsKeys.deactivate(), mutationFn: deactivateAccount });
}
