//! A checkout's calls (issue 42, docs/payments.md): open it at the review step, pay it with the
//! card, answer the extra confirmation step a card may ask for; in Stripe mode start its
//! PaymentIntent and read it until Stripe's webhook marked it paid.
import { apiRequest } from '@/lib/api-client';
import type { CardRequest, Checkout, CheckoutPaymentIntent } from '../types';

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

/** POST /api/checkouts/{id}/payment-intent (Stripe mode): the same intent however often it is asked. */
export async function createPaymentIntent(id: number): Promise<CheckoutPaymentIntent> {
  const res = await apiRequest('POST', `/api/checkouts/${id}/payment-intent`);
  return (await res.json()) as CheckoutPaymentIntent;
}

/** GET /api/checkouts/{id}: read while Stripe's webhook has not yet marked it paid. */
export async function getCheckout(id: number): Promise<Checkout> {
  const res = await apiRequest('GET', `/api/checkouts/${id}`);
  return (await res.json()) as Checkout;
}
