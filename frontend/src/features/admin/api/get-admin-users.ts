import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { AdminUser } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

/** GET /api/admin/users?q=: `q` '' is every user; `X-Next-Cursor` when more follow. */
export function getAdminUsersPage(q: string, before: string | null): Promise<Page<AdminUser>> {
  const url = q ? `/api/admin/users?q=${encodeURIComponent(q)}` : '/api/admin/users';
  return apiPage<AdminUser>(pageUrl(url, before, ADMIN_PAGE_SIZE));
}

export function adminUsersQueryOptions(q: string) {
  return infiniteQueryOptions({ queryKey: adminKeys.users(q), ...cursorPaging((before) => getAdminUsersPage(q, before)) });
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery(adminUsersQueryOptions(q));
}
