import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { EarningsSummary } from '../types';
import { earningsKeys } from './keys';

/**
 * GET /api/user/earnings/summary?days= (1–90) → every UTC day of the window, oldest first and
 * the last one today, with what was credited (net cents) from sales, tips and other; and the
 * window's totals, the platform's fees among them.
 */
export async function getEarningsSummary(days: number): Promise<EarningsSummary> {
  const res = await apiRequest('GET', `/api/user/earnings/summary?days=${days}`);
  return (await res.json()) as EarningsSummary;
}

export function earningsSummaryQueryOptions(days: number) {
  return queryOptions({ queryKey: earningsKeys.summary(days), queryFn: () => getEarningsSummary(days) });
}

export function useEarningsSummary(days: number) {
  return useQuery(earningsSummaryQueryOptions(days));
}
