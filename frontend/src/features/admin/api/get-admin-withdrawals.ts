import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { AdminWithdrawal } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

/** GET /api/admin/withdrawals?status=: `status` '' is every withdrawal; `X-Next-Cursor` when more follow. */
export function getAdminWithdrawalsPage(status: string, before: string | null): Promise<Page<AdminWithdrawal>> {
  const url = status ? `/api/admin/withdrawals?status=${encodeURIComponent(status)}` : '/api/admin/withdrawals';
  return apiPage<AdminWithdrawal>(pageUrl(url, before, ADMIN_PAGE_SIZE));
}

export function adminWithdrawalsQueryOptions(status: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.withdrawals(status),
    ...cursorPaging((before) => getAdminWithdrawalsPage(status, before)),
  });
}

export function useAdminWithdrawals(status: string) {
  return useInfiniteQuery(adminWithdrawalsQueryOptions(status));
}
