import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Sale } from '../types';
import { SALES_PAGE_SIZE, shopKeys } from './keys';

/** GET /api/user/sales: the session user's sold works, newest first; `X-Next-Cursor` when more follow. */
export function getSalesPage(before: string | null): Promise<Page<Sale>> {
  return apiPage<Sale>(pageUrl('/api/user/sales', before, SALES_PAGE_SIZE));
}

export function salesQueryOptions() {
  return infiniteQueryOptions({ queryKey: shopKeys.sales(), ...cursorPaging(getSalesPage) });
}

export function useSales() {
  return useInfiniteQuery(salesQueryOptions());
}
