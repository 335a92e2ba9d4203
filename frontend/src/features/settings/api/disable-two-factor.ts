import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-keys';
import { settingsKeys } from './keys';

export interface TwoFactorDisable {
  password: string;
  /** A code from the app, or a recovery code. */
  code: string;
}

/** POST /api/user/2fa/disable → 204. 400 `Password is incorrect` / `invalid_code`; 409 `two_factor_off`. */
export async function disableTwoFactor(body: TwoFactorDisable): Promise<void> {
  await apiRequest('POST', '/api/user/2fa/disable', body);
}

/** Turns two-factor off, then refreshes the session user (`twoFactorEnabled`). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.twoFactorDisable(),
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
