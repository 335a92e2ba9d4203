import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RecoveryCodes } from '../types';
import { settingsKeys } from './keys';

/** POST /api/user/2fa/enable `{code}` → the ten recovery codes. 400 `invalid_code`; 409 `no_setup` / `two_factor_on`. */
export async function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  const res = await apiRequest('POST', '/api/user/2fa/enable', { code });
  return (await res.json()) as RecoveryCodes;
}

/**
 * Turns two-factor on. The session user is not refreshed here: the dialog still shows the
 * recovery codes, and refreshes it as it closes (`twoFactorEnabled` would swap the row under it).
 */
export function useEnableTwoFactor() {
  return useMutation({ mutationKey: settingsKeys.twoFactorEnable(), mutationFn: enableTwoFactor });
}
