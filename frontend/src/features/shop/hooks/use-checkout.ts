//! Checkout, step by step (issue 42, docs/payments.md): cart → shipping (only when a line is a
//! physical item; the address is remembered) → payment (the card) → review (the server opens the
//! checkout: its prices now, the stock held for 15 minutes) → confirm and pay → receipt. A card
//! that asks for an extra confirmation step gets a step of its own. A declined card goes back to
//! the payment step with the provider's words and nothing charged; a price that changed goes back
//! to the cart, which says so (issue 39). While Stripe takes the payments (GET /api/payments/config)
//! there is no card step at Atelier: review → Pay creates the PaymentIntent → Stripe's Payment
//! Element confirms it in the browser → 'Processing payment…' until the webhook marked it paid →
//! receipt.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorCode, errorMessage, errorStatus } from '@/lib/api-client';
import { randomKey } from '@/lib/random-key';
import { confirmCheckout, createPaymentIntent, openCheckout, payCheckout } from '../api/checkouts';
import { usePaymentsConfig } from '@/lib/payments-config';
import { shopKeys } from '../api/keys';
import { cardRequest, EMPTY_CARD, type CardForm } from '@/lib/card';
import type { Cart, CartLine } from '../cart';
import type { Checkout } from '../types';

export type CheckoutStep =
  | { step: 'cart' }
  | { step: 'shipping' }
  | { step: 'payment' }
  | { step: 'review'; checkout: Checkout | null }
  | { step: 'confirm'; checkout: Checkout }
  | { step: 'stripe'; checkout: Checkout; clientSecret: string }
  | { step: 'processing'; checkout: Checkout }
  | { step: 'receipt'; checkout: Checkout };

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

/** The server's own words for a refusal it explains, else a general one. */
function problemOf(error: unknown): string {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (message && status !== null && status >= 400 && status < 500 && status !== 401) return message;
  return 'There was an error processing your payment. Please try again.';
}

/**
 * The checkout of `cart`: the step it is at, the card typed (kept in memory only), the problem to
 * show, and the moves between steps. `onOrdered` runs once an order is paid. `begun` starts at
 * the first step (the checkout page, mounted once the payments config is known) instead of at
 * the cart. Until that config is known the flow is busy: who takes the card decides the steps.
 */
export function useCheckout(cart: Cart, lines: readonly CartLine[], { onOrdered, begun = false }: { onOrdered?: () => void; begun?: boolean } = {}) {
  const queryClient = useQueryClient();
  const physical = lines.some((line) => !line.digital);
  const config = usePaymentsConfig();
  /** Stripe's publishable key while Stripe takes the payments (its Payment Element takes the card). */
  const stripeKey = config.data?.provider === 'stripe' ? (config.data.publishableKey ?? null) : null;
  /**
   * The first step after the cart: shipping for physical items, else the card (test provider).
   * With Stripe a digital cart has none before the review, which the cart's Checkout opens.
   */
  const first: CheckoutStep['step'] = physical ? 'shipping' : stripeKey ? 'cart' : 'payment';
  const [state, setState] = useState<CheckoutStep>(() => (begun && (first === 'shipping' || first === 'payment') ? { step: first } : { step: 'cart' }));
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per review: a retried request answers the same checkout; a new review opens a new one.
  const [key, setKey] = useState<string | null>(null);

  const go = (next: CheckoutStep) => {
    setProblem(null);
    setState(next);
  };

  /** Back to the cart with `message` shown; the next review opens a new checkout. */
  const backToCart = (message: string | null) => {
    setKey(null);
    setState({ step: 'cart' });
    setProblem(message);
  };

  /** Back to the cart with why (the checkout could not be opened or has ended). */
  const toCart = (error: unknown) => {
    const moved = priceChangeOf(error);
    if (moved) {
      const [line] = cart.reprice([{ id: moved.productId, price: moved.unitPrice }]);
      toast({
        variant: 'destructive',
        title: 'Price changed',
        description: line ? `The price of ${line.name} changed. Check your cart and check out again.` : 'Check your cart and check out again.',
      });
    }
    backToCart(moved ? null : problemOf(error));
  };

  const open = useMutation({
    mutationKey: shopKeys.checkout(),
    mutationFn: (idempotencyKey: string) =>
      openCheckout(
        lines.map((line) => ({ productId: line.id, quantity: line.quantity, expectedUnitPrice: line.price })),
        idempotencyKey,
      ),
    onSuccess: (checkout) => setState({ step: 'review', checkout }),
    onError: toCart,
  });

  const finished = (checkout: Checkout) => {
    for (const line of checkout.lines) cart.remove(line.productId);
    void queryClient.invalidateQueries({ queryKey: shopKeys.products() });
    void queryClient.invalidateQueries({ queryKey: shopKeys.works() });
    onOrdered?.();
    setCard(EMPTY_CARD);
    setKey(null);
    go({ step: 'receipt', checkout });
    toast({ title: 'Payment successful!', description: 'Your order has been processed successfully.' });
  };

  const paid = (checkout: Checkout) => {
    if (checkout.status === 'requires_action') go({ step: 'confirm', checkout });
    else finished(checkout);
  };

  /** A payment that did not go through: a declined card back to the payment step, an ended checkout to the cart. */
  const unpaid = (error: unknown) => {
    const status = errorStatus(error);
    if (status === 402 || errorCode(error) === 'card_invalid') {
      // Declined: this checkout failed and its stock went back; reviewing again opens a new one.
      if (status === 402) setKey(null);
      setState({ step: 'payment' });
      setProblem(problemOf(error));
      return;
    }
    toCart(error);
  };

  const pay = useMutation({
    mutationFn: (id: number) => payCheckout(id, cardRequest(card)),
    onSuccess: paid,
    onError: unpaid,
  });

  const intent = useMutation({
    mutationFn: (id: number) => createPaymentIntent(id),
    onSuccess: ({ checkout, clientSecret }) => go({ step: 'stripe', checkout, clientSecret }),
    onError: unpaid,
  });

  const confirm = useMutation({
    mutationFn: ({ id, completed }: { id: number; completed: boolean }) => confirmCheckout(id, completed),
    onSuccess: paid,
    onError: unpaid,
  });

  const review = () => {
    const next = key ?? randomKey();
    setKey(next);
    go({ step: 'review', checkout: null });
    open.mutate(next);
  };

  /** After the shipping step: the card (test provider), or straight to review (Stripe takes it later). */
  const toPayment = () => (stripeKey ? review() : go({ step: 'payment' }));

  return {
    state,
    problem,
    physical,
    card,
    setCard,
    stripeKey,
    first,
    busy: config.isPending || open.isPending || pay.isPending || confirm.isPending || intent.isPending,
    /** From the cart: the shipping step for physical items, else the payment step. */
    start: () => (physical ? go({ step: 'shipping' }) : toPayment()),
    toPayment,
    review,
    back: () => {
      if (state.step === 'payment') go(physical ? { step: 'shipping' } : { step: 'cart' });
      else if (state.step === 'review' && !stripeKey) go({ step: 'payment' });
      else if (state.step === 'review' && physical) go({ step: 'shipping' });
      else go({ step: 'cart' });
    },
    pay: (checkout: Checkout) => (stripeKey ? intent.mutate(checkout.id) : pay.mutate(checkout.id)),
    /** Stripe.js confirmed the payment: wait for the webhook to mark the checkout paid. */
    stripeConfirmed: (checkout: Checkout) => go({ step: 'processing', checkout }),
    /** Stripe refused the payment, or the checkout ended while waiting: back to the cart with its words. */
    stripeFailed: backToCart,
    /** The webhook marked it paid. */
    finished,
    confirm: (checkout: Checkout, completed: boolean) => confirm.mutate({ id: checkout.id, completed }),
    /** Back to an empty start (the dialog closed). */
    reset: () => {
      setCard(EMPTY_CARD);
      setKey(null);
      go({ step: 'cart' });
    },
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckout>;
