//! A checkout's calls (issue 42, docs/payments.md): open it at the review step, pay it with the
//! card, answer the extra confirmation step a card may ask for.
import { apiRequest } from '@/lib/api-client';
import type { CardRequest, Checkout } from '../types';

/**
 * POST /api/checkouts → 201: the cart's lines priced as the server has them now, their stock
 * held for 15 minutes. The Idempotency-Key makes a retried request answer the same checkout.
 */
export async function openCheckout(
  lines: ReadonlyArray<{ productId: number; quantity: number; expectedUnitPrice: number }>,
  idempotencyKey: string,
): Promise<Checkout> {
  const res = await apiRequest('POST', '/api/checkouts', { lines }, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Checkout;
}

/** POST /api/checkouts/{id}/pay: paid, or `requires_action` (the card asks for a confirmation). */
export async function payCheckout(id: number, card: CardRequest): Promise<Checkout> {
  const res = await apiRequest('POST', `/api/checkouts/${id}/pay`, { card });
  return (await res.json()) as Checkout;
}

/** POST /api/checkouts/{id}/confirm: the extra confirmation step completed, or failed. */
export async function confirmCheckout(id: number, completed: boolean): Promise<Checkout> {
  const res = await apiRequest('POST', `/api/checkouts/${id}/confirm`, { completed });
  return (await res.json()) as Checkout;
}
