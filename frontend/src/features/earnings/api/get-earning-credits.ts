import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { EarningCredit } from '../types';
import { CREDITS_PAGE_SIZE, earningsKeys } from './keys';

/** GET /api/user/earnings/credits: the session user's credits (sales, tips, other), newest first; `X-Next-Cursor` when more follow. */
export function getEarningCreditsPage(before: string | null): Promise<Page<EarningCredit>> {
  return apiPage<EarningCredit>(pageUrl('/api/user/earnings/credits', before, CREDITS_PAGE_SIZE));
}

export function earningCreditsQueryOptions() {
  return infiniteQueryOptions({ queryKey: earningsKeys.credits(), ...cursorPaging(getEarningCreditsPage) });
}

export function useEarningCredits() {
  return useInfiniteQuery(earningCreditsQueryOptions());
}
