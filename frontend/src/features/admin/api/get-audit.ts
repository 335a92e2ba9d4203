import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { AuditEntry } from '../types';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

/** GET /api/admin/audit: the admins' decisions, newest first; `X-Next-Cursor` when more follow. */
export function getAuditPage(before: string | null): Promise<Page<AuditEntry>> {
  return apiPage<AuditEntry>(pageUrl('/api/admin/audit', before, ADMIN_PAGE_SIZE));
}

export function auditQueryOptions() {
  return infiniteQueryOptions({ queryKey: adminKeys.audit(), ...cursorPaging(getAuditPage) });
}

export function useAudit() {
  return useInfiniteQuery(auditQueryOptions());
}
