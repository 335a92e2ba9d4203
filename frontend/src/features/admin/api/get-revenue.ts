import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Revenue } from '../types';
import { adminKeys } from './keys';

/** GET /api/admin/revenue → the ads' spend, impressions and clicks (403 to a non-admin). */
export async function getRevenue(): Promise<Revenue> {
  const res = await apiRequest('GET', '/api/admin/revenue');
  return (await res.json()) as Revenue;
}

/**
 * The screen waits for the first answer (a 403 is Access Denied) and the ads tab reads it again.
 * A failed answer is not asked again when the tab mounts (docs/decisions.md); a reload asks.
 */
export function revenueQueryOptions() {
  return queryOptions({ queryKey: adminKeys.revenue(), queryFn: getRevenue, retryOnMount: false });
}

export function useRevenue() {
  return useQuery(revenueQueryOptions());
}
