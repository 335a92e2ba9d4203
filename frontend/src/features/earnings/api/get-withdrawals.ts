import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Withdrawal } from '../types';
import { earningsKeys, WITHDRAWALS_PAGE_SIZE } from './keys';

/** GET /api/withdrawals: the session user's, newest first; `X-Next-Cursor` when more follow. */
export function getWithdrawalsPage(before: string | null): Promise<Page<Withdrawal>> {
  return apiPage<Withdrawal>(pageUrl('/api/withdrawals', before, WITHDRAWALS_PAGE_SIZE));
}

export function withdrawalsQueryOptions() {
  return infiniteQueryOptions({ queryKey: earningsKeys.withdrawals(), ...cursorPaging(getWithdrawalsPage) });
}

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}
