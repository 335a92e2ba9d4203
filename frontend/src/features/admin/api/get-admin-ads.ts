import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { AdminAd } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

/** GET /api/admin/ads: every ad, newest first; `X-Next-Cursor` when more follow. */
export function getAdminAdsPage(before: string | null): Promise<Page<AdminAd>> {
  return apiPage<AdminAd>(pageUrl('/api/admin/ads', before, ADMIN_PAGE_SIZE));
}

export function adminAdsQueryOptions() {
  return infiniteQueryOptions({ queryKey: adminKeys.ads(), ...cursorPaging(getAdminAdsPage) });
}

export function useAdminAds() {
  return useInfiniteQuery(adminAdsQueryOptions());
}
