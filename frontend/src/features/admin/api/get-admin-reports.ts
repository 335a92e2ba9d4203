import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { ReportCase, ReportStatus } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export type ReportPages = InfiniteData<Page<ReportCase>>;

/** GET /api/admin/reports?status=: most reports first; `X-Next-Cursor` (a case id) when more follow. */
export function getAdminReportsPage(status: ReportStatus, before: string | null): Promise<Page<ReportCase>> {
  return apiPage<ReportCase>(pageUrl(`/api/admin/reports?status=${status}`, before, ADMIN_PAGE_SIZE));
}

export function adminReportsQueryOptions(status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: adminKeys.reports(status),
    ...cursorPaging((before) => getAdminReportsPage(status, before)),
  });
}

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery(adminReportsQueryOptions(status));
}
