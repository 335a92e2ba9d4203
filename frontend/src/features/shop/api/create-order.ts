import { apiRequest } from '@/lib/api-client';
import type { NewOrderRequest, Order } from '../types';

/** The spec's payment method (docs/shop-contract.md); the server's test provider always accepts it. */
export const PAYMENT_METHOD = 'stripe';

/**
 * POST /api/orders → 201 the order. `expectedUnitPrice` is the price the cart showed: the server
 * charges it or refuses the line (409 `price_changed`, issue 39). The `Idempotency-Key` makes a
 * retry of the same cart line answer the first order instead of ordering (and charging) twice.
 */
export async function createOrder(
  line: { productId: number; quantity: number; expectedUnitPrice: number },
  idempotencyKey: string,
): Promise<Order> {
  const body: NewOrderRequest = {
    productId: line.productId,
    quantity: line.quantity,
    expectedUnitPrice: line.expectedUnitPrice,
    paymentMethod: PAYMENT_METHOD,
  };
  const res = await apiRequest('POST', '/api/orders', body, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Order;
}
