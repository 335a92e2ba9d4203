import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Checkout } from '../types';
import { ORDERS_PAGE_SIZE, ordersKeys } from './keys';

/** GET /api/checkouts: the session user's orders, newest first; `X-Next-Cursor` when more follow. */
export function getCheckoutsPage(before: string | null): Promise<Page<Checkout>> {
  return apiPage<Checkout>(pageUrl('/api/checkouts', before, ORDERS_PAGE_SIZE));
}

export function checkoutsQueryOptions() {
  return infiniteQueryOptions({ queryKey: ordersKeys.list(), ...cursorPaging(getCheckoutsPage) });
}

export function useCheckouts() {
  return useInfiniteQuery(checkoutsQueryOptions());
}
