import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ReportedContent } from '../types';
import { adminKeys } from './keys';

/**
 * GET /api/admin/reports/{id}/target: the reported content itself, read-only, even when it is
 * private, its author blocked the admin, or it was removed. Each read is in the audit log, so it
 * is fetched only when the admin opens it (`enabled`) and kept for the session.
 */
export function useReportTarget(caseId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.reportTarget(caseId),
    queryFn: async () => (await (await apiRequest('GET', `/api/admin/reports/${caseId}/target`)).json()) as ReportedContent,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
