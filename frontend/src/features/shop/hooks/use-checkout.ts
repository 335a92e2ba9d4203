//! Checkout (docs/shop-contract.md): one POST /api/orders per cart line, one after the other. Each line
//! gets its Idempotency-Key before the first is sent and keeps it in the stored cart, so a retry
//! after a failure (or a reload mid-way) cannot order a line twice. A line that went through
//! leaves the cart at once; the first failure stops the run and keeps the lines not yet ordered.
//! Each line is sent with the price the cart showed; a line refused because its price changed
//! (409 `price_changed`, issue 39) takes the new price in the cart, which says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { createOrder } from '../api/create-order';
import { shopKeys } from '../api/keys';
import type { Cart, CartLine } from '../cart';
import type { Order } from '../types';

export interface CheckoutProgress {
  /** Lines ordered so far. */
  done: number;
  total: number;
}

export interface CheckoutOutcome {
  ordered: Order[];
  /** The error of the line that failed, or null when every line went through. */
  error: unknown;
}

type PlaceOrder = (
  line: { productId: number; quantity: number; expectedUnitPrice: number },
  idempotencyKey: string,
) => Promise<Order>;

/** Orders `lines` in sequence, removing each from `cart` once ordered; stops at the first failure. */
export async function checkoutLines(
  cart: Cart,
  lines: readonly CartLine[],
  placeOrder: PlaceOrder,
  onProgress: (progress: CheckoutProgress) => void,
): Promise<CheckoutOutcome> {
  const ordered: Order[] = [];
  onProgress({ done: 0, total: lines.length });
  for (const line of lines) {
    try {
      ordered.push(
        await placeOrder({ productId: line.id, quantity: line.quantity, expectedUnitPrice: line.price }, line.idempotencyKey!),
      );
    } catch (error) {
      return { ordered, error };
    }
    cart.remove(line.id);
    onProgress({ done: ordered.length, total: lines.length });
  }
  return { ordered, error: null };
}

/** A 409 `price_changed` (issue 39): the product whose price moved, and its price now. */
export function priceChangeOf(error: unknown): { productId: number; unitPrice: number } | null {
  if (errorStatus(error) !== 409 || !(error instanceof Error)) return null;
  const match = /^\d{3}: (.*)$/s.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]) as { code?: unknown; productId?: unknown; unitPrice?: unknown };
    if (body.code !== 'price_changed' || !Number.isInteger(body.productId) || !Number.isInteger(body.unitPrice)) return null;
    return { productId: body.productId as number, unitPrice: body.unitPrice as number };
  } catch {
    return null;
  }
}

/**
 * The toast's description for a failed line: the server's own words for a problem with the
 * order (sold out, only n left, product gone), else the spec's.
 */
function failureDescription(error: unknown): string {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (message && status !== null && status >= 400 && status < 500 && status !== 401) return message;
  return 'There was an error processing your payment. Please try again.';
}

/**
 * Runs checkout of `cart` with its progress; 'Payment successful!' (then `onSuccess`: the modal closes) or
 * 'Payment failed'. Either way the catalogue and the creators' works (stock) and, through `onOrdered`, the orders are
 * refreshed when something was ordered.
 */
export function useCheckout(cart: Cart, { onOrdered, onSuccess }: { onOrdered?: () => void; onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CheckoutProgress | null>(null);
  const mutation = useMutation({
    mutationKey: shopKeys.checkout(),
    mutationFn: () => checkoutLines(cart, cart.assignKeys(), createOrder, setProgress),
    onSuccess: ({ ordered, error }) => {
      if (ordered.length > 0) {
        void queryClient.invalidateQueries({ queryKey: shopKeys.products() });
        void queryClient.invalidateQueries({ queryKey: shopKeys.works() });
        onOrdered?.();
      }
      const moved = priceChangeOf(error);
      if (moved) {
        // Nothing was charged for this line: the cart shows its new price and says so; checking
        // out again buys at it.
        const [line] = cart.reprice([{ id: moved.productId, price: moved.unitPrice }]);
        toast({
          variant: 'destructive',
          title: 'Price changed',
          description: line ? `The price of ${line.name} changed. Check your cart and check out again.` : 'Check your cart and check out again.',
        });
        return;
      }
      if (error) {
        toast({ variant: 'destructive', title: 'Payment failed', description: failureDescription(error) });
        return;
      }
      toast({ title: 'Payment successful!', description: 'Your order has been processed successfully.' });
      onSuccess?.();
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
