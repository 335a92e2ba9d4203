import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { AdminWithdrawal, WithdrawalDecision } from '../types';
import { adminKeys } from './keys';
import { useRefetchAfter } from './refetch-after';

/** PUT /api/admin/withdrawals/{id} {status, notes}. */
export async function decideWithdrawal(id: number, decision: WithdrawalDecision): Promise<AdminWithdrawal> {
  const res = await apiRequest('PUT', `/api/admin/withdrawals/${id}`, decision);
  return (await res.json()) as AdminWithdrawal;
}

/** The notes (docs/admin-contract.md) that go with each decision. */
export const DECISION_NOTES = {
  completed: 'Approved and processed',
  failed: 'Rejected - insufficient documentation',
} as const;

/**
 * Approve or reject, with their toasts. They are shown here rather than by the row:
 * under the 'pending' filter the decided row leaves the list (and unmounts) before `mutate`'s own
 * callbacks would run. Afterwards the withdrawal lists, their tiles and the audit log are refetched.
 */
export function useDecideWithdrawal() {
  const onSettled = useRefetchAfter([adminKeys.withdrawalLists(), adminKeys.withdrawalSummary(), adminKeys.audit()]);
  return useMutation({
    mutationKey: adminKeys.decideWithdrawal(),
    mutationFn: ({ id, status }: { id: number; status: WithdrawalDecision['status'] }) =>
      decideWithdrawal(id, { status, notes: DECISION_NOTES[status] }),
    onSuccess: () => toast({ title: 'Withdrawal updated successfully!' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to update withdrawal. Please try again.',
        description: errorMessage(error) ?? undefined,
      }),
    onSettled,
  });
}
