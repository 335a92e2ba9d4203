import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { BlockedAccount } from '../types';
import { BLOCKED_PAGE_SIZE, safetyKeys } from './keys';

/** GET /api/user/blocks: the accounts you blocked, the latest first; `X-Next-Cursor` when more follow. */
export function getBlockedAccountsPage(before: string | null): Promise<Page<BlockedAccount>> {
  return apiPage<BlockedAccount>(pageUrl('/api/user/blocks', before, BLOCKED_PAGE_SIZE));
}

export function blockedAccountsQueryOptions() {
  return infiniteQueryOptions({ queryKey: safetyKeys.blocked(), ...cursorPaging(getBlockedAccountsPage) });
}

export function useBlockedAccounts() {
  return useInfiniteQuery(blockedAccountsQueryOptions());
}
