import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Tip } from '../types';
import { SENT_TIPS_PAGE_SIZE, tipKeys } from './keys';

/** GET /api/tips/sent: the tips the session user sent, newest first; `X-Next-Cursor` when more follow. */
export function getSentTipsPage(before: string | null): Promise<Page<Tip>> {
  return apiPage<Tip>(pageUrl('/api/tips/sent', before, SENT_TIPS_PAGE_SIZE));
}

export function sentTipsQueryOptions() {
  return infiniteQueryOptions({ queryKey: tipKeys.sent(), ...cursorPaging(getSentTipsPage) });
}

export function useSentTips() {
  return useInfiniteQuery(sentTipsQueryOptions());
}
