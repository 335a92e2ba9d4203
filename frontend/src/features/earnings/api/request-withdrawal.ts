import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { NewWithdrawalRequest, Withdrawal } from '../types';
import { earningsKeys } from './keys';

/**
 * POST /api/withdrawals → 201 the withdrawal, pending; 422 `Insufficient funds` over the available
 * balance. The `Idempotency-Key` (issue 39) makes a retry of the same request answer the first
 * withdrawal instead of asking for a second payout.
 */
export async function requestWithdrawal({ body, idempotencyKey }: { body: NewWithdrawalRequest; idempotencyKey: string }): Promise<Withdrawal> {
  const res = await apiRequest('POST', '/api/withdrawals', body, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Withdrawal;
}

/** Asks for a payout; afterwards (either way) the balance and the withdrawals are refetched. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: earningsKeys.requestWithdrawal(),
    mutationFn: requestWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: earningsKeys.balance() }),
        queryClient.invalidateQueries({ queryKey: earningsKeys.withdrawals() }),
      ]),
  });
}
