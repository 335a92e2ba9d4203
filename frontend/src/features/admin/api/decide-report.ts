import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { REPORTS_TEXT } from '../reports-text';
import type { ReportAction, ReportCase, ReportDecision } from '../types';
import type { ReportPages } from './get-admin-reports';
import { adminKeys } from './keys';

/** PUT /api/admin/reports/{id} {action, notes?} → the decided case; 409 once decided. */
export async function decideReport(id: number, decision: ReportDecision): Promise<ReportCase> {
  const res = await apiRequest('PUT', `/api/admin/reports/${id}`, decision);
  return (await res.json()) as ReportCase;
}

export interface ReportDecisionInput {
  report: ReportCase;
  action: ReportAction;
  notes?: string;
}

/**
 * Decides a case. The case leaves the open list at once (optimistic); a refusal puts the pages
 * back as they were and toasts the server's message. Toasts live here, not in the row: the row
 * is gone before `mutate`'s own callbacks would run. Afterwards both lists and the audit log
 * (and the users, when someone was suspended) are refetched.
 */
export function useDecideReport() {
  const queryClient = useQueryClient();
  const openKey = adminKeys.reports('open');
  return useMutation({
    mutationKey: adminKeys.decideReport(),
    mutationFn: ({ report, action, notes }: ReportDecisionInput) =>
      decideReport(report.id, { action, notes: notes?.trim() ? notes.trim() : undefined }),
    onMutate: async ({ report }) => {
      await queryClient.cancelQueries({ queryKey: openKey });
      const previous = queryClient.getQueryData<ReportPages>(openKey);
      queryClient.setQueryData<ReportPages>(openKey, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== report.id) })),
        },
      );
      return { previous };
    },
    onSuccess: (_case, { report, action }) => toast({ title: REPORTS_TEXT.decided(action, report) }),
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(openKey, context.previous);
      toast({ variant: 'destructive', title: REPORTS_TEXT.decideFailed, description: errorMessage(error) ?? undefined });
    },
    onSettled: (_case, _error, { action }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reportLists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
        ...(action === 'suspend' ? [queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() })] : []),
      ]),
  });
}
