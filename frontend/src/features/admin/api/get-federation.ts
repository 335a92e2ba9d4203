import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { FederationOverview } from '../types';
import { adminKeys, FEDERATION_PAGE_SIZE } from './keys';

/**
 * GET /api/admin/federation?after= (issue 46): whether federation is on, deliveries waiting and
 * failing, and the known servers by host, 50 a page after `after` (the previous page's last host).
 */
export async function getFederation(after: string | null): Promise<FederationOverview> {
  const url = after === null ? '/api/admin/federation' : `/api/admin/federation?after=${encodeURIComponent(after)}`;
  const res = await apiRequest('GET', url);
  return (await res.json()) as FederationOverview;
}

/** A full page may have more after it: the next starts after its last host. */
export function nextAfter(page: FederationOverview): string | null {
  return page.servers.length >= FEDERATION_PAGE_SIZE ? page.servers[page.servers.length - 1].host : null;
}

export function federationQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.federation(),
    queryFn: ({ pageParam }) => getFederation(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextAfter,
  });
}

export function useFederation() {
  return useInfiniteQuery(federationQueryOptions());
}
