import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { TipIntentRequest, TipPaymentIntent } from '../types';
import { tipKeys } from './keys';

/**
 * POST /api/tips/payment-intent (Stripe mode) → 201: the tip, kept `pending`, and its
 * PaymentIntent's client secret. Each call is a new tip and intent; one never paid is given up.
 */
export async function startTipPayment(body: TipIntentRequest): Promise<TipPaymentIntent> {
  const res = await apiRequest('POST', '/api/tips/payment-intent', body);
  return (await res.json()) as TipPaymentIntent;
}

/**
 * A query, not a mutation, so that a confirmation starts its intent once: keyed by the
 * confirmation's uuid, never stale and never retried on its own, a second mount (StrictMode,
 * or Back and Continue with the same tip) finds the intent already started.
 */
export function tipPaymentQueryOptions(attempt: string, body: TipIntentRequest) {
  return queryOptions({
    queryKey: tipKeys.payment(attempt),
    queryFn: () => startTipPayment(body),
    staleTime: Infinity,
    retry: false,
  });
}

export function useStartTipPayment(attempt: string, body: TipIntentRequest) {
  return useQuery(tipPaymentQueryOptions(attempt, body));
}
