//! GET /api/payments/config (issue 42): which payment provider takes the money and whether real
//! money moves. Shared: the tip dialog, the cart, the earnings page and the admin's payouts all
//! say 'Test mode — no real money moves' from it. The provider does not change while the server
//! runs, so the answer is read once per session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/types/api.gen';
import { apiRequest } from './api-client';

export type PaymentsConfig = components['schemas']['PaymentsConfig'];

export const paymentsConfigQueryKey = ['/api/payments/config'] as const;

export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  const res = await apiRequest('GET', '/api/payments/config');
  return (await res.json()) as PaymentsConfig;
}

export function paymentsConfigQueryOptions() {
  return queryOptions({ queryKey: paymentsConfigQueryKey, queryFn: getPaymentsConfig, staleTime: Infinity });
}

/** The config; `enabled: false` reads it only once something else asked for it. */
export function usePaymentsConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentsConfigQueryOptions(), enabled });
}

/**
 * Whether the server said no real money moves. Unknown (loading, or the call failed) is not test
 * mode: telling someone no real money moves when it might is worse than not telling them.
 */
export function useTestMode(): boolean {
  return usePaymentsConfig().data?.testMode === true;
}
