import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, errorStatus } from '@/lib/api-client';
import type { Tip } from '../types';
import { tipKeys } from './keys';

/** How often a tip is read while Stripe's payment of it has not arrived. */
export const TIP_POLL_MS = 1500;

/** GET /api/tips/{id}: a tip you sent; 404 once it was given up (its payment failed or never came). */
export async function getTip(id: number): Promise<Tip> {
  const res = await apiRequest('GET', `/api/tips/${id}`);
  return (await res.json()) as Tip;
}

/** Whether the tip is settled either way: paid, or gone (404). */
function settled(data: Tip | undefined, error: unknown): boolean {
  return data?.status === 'paid' || errorStatus(error) === 404;
}

/** Read every TIP_POLL_MS until it is paid or gone; another failure (a 5xx, offline) reads again. */
export function pollTipQueryOptions(id: number) {
  return queryOptions({
    queryKey: tipKeys.tip(id),
    queryFn: () => getTip(id),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (settled(query.state.data, query.state.error) ? false : TIP_POLL_MS),
  });
}

export function usePollTip(id: number) {
  return useQuery(pollTipQueryOptions(id));
}
