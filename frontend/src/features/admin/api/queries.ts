//! The admin reads (docs/admin-contract.md): the tiles' summaries and the paginated lists
//! (`?limit=&before=`, `X-Next-Cursor`). Every one answers 403 to a non-admin.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPage, apiRequest, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { AdminAd, AdminUser, AdminWithdrawal, AuditEntry, Revenue, UserSummary, WithdrawalSummary } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

/**
 * The screen waits for the first answer (a 403 is Access Denied) and the ads tab reads it again.
 * A failed answer is not asked again when the tab mounts (DESIGN §5: no retries); a reload asks.
 */
export function useRevenue() {
  return useQuery({
    queryKey: adminKeys.revenue(),
    queryFn: () => getJson<Revenue>('/api/admin/revenue'),
    retryOnMount: false,
  });
}

export function useWithdrawalSummary() {
  return useQuery({ queryKey: adminKeys.withdrawalSummary(), queryFn: () => getJson<WithdrawalSummary>('/api/admin/withdrawals/summary') });
}

export function useUserSummary() {
  return useQuery({ queryKey: adminKeys.userSummary(), queryFn: () => getJson<UserSummary>('/api/admin/users/summary') });
}

export function getAdminAdsPage(before: string | null): Promise<Page<AdminAd>> {
  return apiPage<AdminAd>(pageUrl('/api/admin/ads', before, ADMIN_PAGE_SIZE));
}

export function useAdminAds() {
  return useInfiniteQuery({ queryKey: adminKeys.ads(), ...cursorPaging(getAdminAdsPage) });
}

/** `status` '' is every withdrawal. */
export function getAdminWithdrawalsPage(status: string, before: string | null): Promise<Page<AdminWithdrawal>> {
  const url = status ? `/api/admin/withdrawals?status=${encodeURIComponent(status)}` : '/api/admin/withdrawals';
  return apiPage<AdminWithdrawal>(pageUrl(url, before, ADMIN_PAGE_SIZE));
}

export function useAdminWithdrawals(status: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.withdrawals(status),
    ...cursorPaging((before) => getAdminWithdrawalsPage(status, before)),
  });
}

/** `q` '' is every user. */
export function getAdminUsersPage(q: string, before: string | null): Promise<Page<AdminUser>> {
  const url = q ? `/api/admin/users?q=${encodeURIComponent(q)}` : '/api/admin/users';
  return apiPage<AdminUser>(pageUrl(url, before, ADMIN_PAGE_SIZE));
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery({ queryKey: adminKeys.users(q), ...cursorPaging((before) => getAdminUsersPage(q, before)) });
}

export function getAuditPage(before: string | null): Promise<Page<AuditEntry>> {
  return apiPage<AuditEntry>(pageUrl('/api/admin/audit', before, ADMIN_PAGE_SIZE));
}

export function useAudit() {
  return useInfiniteQuery({ queryKey: adminKeys.audit(), ...cursorPaging(getAuditPage) });
}
