import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { WithdrawalSummary } from '../types';
import { adminKeys } from './keys';

/** GET /api/admin/withdrawals/summary → the withdrawal tiles' counts and sums. */
export async function getWithdrawalSummary(): Promise<WithdrawalSummary> {
  const res = await apiRequest('GET', '/api/admin/withdrawals/summary');
  return (await res.json()) as WithdrawalSummary;
}

export function withdrawalSummaryQueryOptions() {
  return queryOptions({ queryKey: adminKeys.withdrawalSummary(), queryFn: getWithdrawalSummary });
}

export function useWithdrawalSummary() {
  return useQuery(withdrawalSummaryQueryOptions());
}
