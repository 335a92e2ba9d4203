import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Ad, AdPlacement } from '../types';
import { adKeys } from './keys';

/** GET /api/ads/{placement}: the active ads of that placement, in rotation order (≤ 10). */
export async function getAds(placement: AdPlacement): Promise<Ad[]> {
  const res = await apiRequest('GET', `/api/ads/${placement}`);
  return (await res.json()) as Ad[];
}

export function adsQueryOptions(placement: AdPlacement) {
  return queryOptions({ queryKey: adKeys.placement(placement), queryFn: () => getAds(placement) });
}

/** `enabled: false` waits (the shop asks for feed ads only when no sidebar ad runs). */
export function useAds(placement: AdPlacement, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adsQueryOptions(placement), enabled });
}
