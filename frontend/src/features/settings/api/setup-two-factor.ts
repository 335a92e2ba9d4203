import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { TwoFactorSetup } from '../types';
import { settingsKeys } from './keys';

/**
 * POST /api/user/2fa/setup `{password}` → `{secret, otpauthUri}`, a new pending secret each time
 * until enabled. 400 `Password is incorrect`; 409 `two_factor_on`.
 */
export async function setupTwoFactor(password: string): Promise<TwoFactorSetup> {
  const res = await apiRequest('POST', '/api/user/2fa/setup', { password });
  return (await res.json()) as TwoFactorSetup;
}

export function useSetupTwoFactor() {
  return useMutation({ mutationKey: settingsKeys.twoFactorSetup(), mutationFn: setupTwoFactor });
}
