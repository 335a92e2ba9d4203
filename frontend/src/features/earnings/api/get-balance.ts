import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Balance } from '../types';
import { earningsKeys } from './keys';

/** GET /api/user/balance → {availableBalance, pendingBalance, totalEarnings} in cents. */
export async function getBalance(): Promise<Balance> {
  const res = await apiRequest('GET', '/api/user/balance');
  return (await res.json()) as Balance;
}

export function balanceQueryOptions() {
  return queryOptions({ queryKey: earningsKeys.balance(), queryFn: getBalance });
}

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
