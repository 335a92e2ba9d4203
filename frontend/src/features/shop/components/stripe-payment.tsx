//! The payment step while Stripe takes the payments (issue 42, docs/payments.md "Stripe"): Stripe's
//! Payment Element takes the card in Stripe's own frame (it never reaches Atelier's server),
//! `stripe.confirmPayment` confirms the checkout's PaymentIntent, then 'Processing payment…' until
//! Stripe's webhook marked the checkout paid, then the receipt.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/input';
import { formatCents } from '@/lib/money';
import { stripeFor } from '@/lib/stripe';
import { getCheckout } from '../api/checkouts';
import { shopKeys } from '../api/keys';
import type { CheckoutFlow } from '../hooks/use-checkout';
import type { Checkout } from '../types';

/** How often the checkout is read while the webhook has not marked it paid. */
const POLL_MS = 1500;

function StripeForm({ flow, checkout }: { flow: CheckoutFlow; checkout: Checkout }) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(null);
    const { error } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      // Payment methods that leave the page come back to the order's receipt.
      confirmParams: { return_url: `${window.location.origin}/orders/${checkout.id}` },
    });
    setBusy(false);
    if (!error) flow.stripeConfirmed(checkout);
    // An incomplete form: fix it here. Anything else: Stripe's words, and the cart again.
    else if (error.type === 'validation_error') setProblem(error.message ?? 'Check your payment details.');
    else flow.stripeFailed(error.message ?? 'Your payment was not completed.');
  };
  return (
    <form onSubmit={onSubmit} aria-label="Card" className="mt-4 space-y-3">
      <PaymentElement />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" className="w-full" disabled={!stripe || !elements || busy}>
        <Lock aria-hidden="true" className="size-4" />
        {busy ? 'Processing...' : `Pay ${formatCents(checkout.total)}`}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for the checkout's PaymentIntent. */
export function StripePaymentStep({ flow, checkout, clientSecret }: { flow: CheckoutFlow; checkout: Checkout; clientSecret: string }) {
  if (!flow.stripeKey) return null;
  return (
    <section aria-label="Payment">
      <p className="mt-3 text-sm text-zinc-300">Your card is entered in Stripe&apos;s secure form. Your items are held for 15 minutes.</p>
      <Elements stripe={stripeFor(flow.stripeKey)} options={{ clientSecret, appearance: { theme: 'night' } }}>
        <StripeForm flow={flow} checkout={checkout} />
      </Elements>
    </section>
  );
}

/** 'Processing payment…' until Stripe's webhook marked the checkout paid (or it ended). */
export function ProcessingStep({ flow, checkout }: { flow: CheckoutFlow; checkout: Checkout }) {
  const read = useQuery({
    queryKey: shopKeys.checkoutStatus(checkout.id),
    queryFn: () => getCheckout(checkout.id),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending_payment' ? false : POLL_MS),
  });
  const now = read.data;
  const { finished, stripeFailed } = flow;
  useEffect(() => {
    if (!now) return;
    if (now.status === 'paid') finished(now);
    else if (now.status === 'failed' || now.status === 'expired') stripeFailed(now.failureMessage ?? 'Your payment was not completed.');
    // `finished` and `stripeFailed` are new each render; the status is what moves this on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [now?.status]);
  return (
    <p role="status" className="mt-4 text-sm text-zinc-300">
      Processing payment…
    </p>
  );
}
