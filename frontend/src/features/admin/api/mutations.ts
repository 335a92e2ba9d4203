//! The admin's changes: create an ad, pause or resume one, decide a withdrawal. Afterwards the
//! lists and tiles they touch (and the audit log) are refetched, whatever the outcome.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { AdminAd, AdminWithdrawal, NewAdRequest, WithdrawalDecision } from '../types';
import { adminKeys } from './keys';

/** POST /api/ads → 201 the ad, active. */
export async function createAd(body: NewAdRequest): Promise<AdminAd> {
  return (await (await apiRequest('POST', '/api/ads', body)).json()) as AdminAd;
}

/** PATCH /api/ads/{id} {isActive}. */
export async function setAdActive(id: number, isActive: boolean): Promise<AdminAd> {
  return (await (await apiRequest('PATCH', `/api/ads/${id}`, { isActive })).json()) as AdminAd;
}

/** PUT /api/admin/withdrawals/{id} {status, notes}. */
export async function decideWithdrawal(id: number, decision: WithdrawalDecision): Promise<AdminWithdrawal> {
  return (await (await apiRequest('PUT', `/api/admin/withdrawals/${id}`, decision)).json()) as AdminWithdrawal;
}

function useRefetchAfter(keys: ReadonlyArray<readonly string[]>) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateAd() {
  const onSettled = useRefetchAfter([adminKeys.ads(), adminKeys.revenue(), adminKeys.audit(), ['ads']]);
  return useMutation({ mutationKey: ['admin', 'create-ad'], mutationFn: createAd, onSettled });
}

export function useSetAdActive() {
  const onSettled = useRefetchAfter([adminKeys.ads(), adminKeys.audit(), ['ads']]);
  return useMutation({
    mutationKey: ['admin', 'set-ad-active'],
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setAdActive(id, isActive),
    onSettled,
  });
}

/** The notes of spec 001 §4 that go with each decision. */
export const DECISION_NOTES = {
  completed: 'Approved and processed',
  failed: 'Rejected - insufficient documentation',
} as const;

/**
 * Approve or reject, with the toasts of spec 001 §8. They are shown here rather than by the row:
 * under the 'pending' filter the decided row leaves the list (and unmounts) before `mutate`'s own
 * callbacks would run.
 */
export function useDecideWithdrawal() {
  const onSettled = useRefetchAfter([adminKeys.withdrawalLists(), adminKeys.withdrawalSummary(), adminKeys.audit()]);
  return useMutation({
    mutationKey: ['admin', 'decide-withdrawal'],
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
