import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adsQueryKey } from '@/lib/query-keys';
import type { AdminAd, NewAdRequest } from '../types';
import { adminKeys } from './keys';
import { useRefetchAfter } from './refetch-after';

/** POST /api/ads → 201 the ad, active. */
export async function createAd(body: NewAdRequest): Promise<AdminAd> {
  const res = await apiRequest('POST', '/api/ads', body);
  return (await res.json()) as AdminAd;
}

/** Afterwards the ads list, the revenue, the audit log and the ads shown to users are refetched. */
export function useCreateAd() {
  const onSettled = useRefetchAfter([adminKeys.ads(), adminKeys.revenue(), adminKeys.audit(), adsQueryKey]);
  return useMutation({ mutationKey: adminKeys.createAd(), mutationFn: createAd, onSettled });
}
