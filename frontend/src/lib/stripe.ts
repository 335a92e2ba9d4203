//! Stripe.js (issue 42, docs/payments.md "Stripe"): loaded once per publishable key, since each
//! `loadStripe` adds Stripe's script to the page. Shared by the checkout and the tip dialog, which
//! both confirm a PaymentIntent in Stripe's Payment Element. From `/pure`: the main entry adds
//! Stripe's script to every page as soon as it is imported, even where Stripe is not the payment
//! provider (the built-in test provider's demo), which the CSP then refuses.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** The Stripe.js instance for `publishableKey`, loading it the first time it is asked for. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
