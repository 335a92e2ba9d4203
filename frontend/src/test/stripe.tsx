//! Stripe.js cannot load in tests: the Payment Element is mocked at the module boundary, for the
//! checkout's and the tip dialog's tests alike. A test file mocks both packages with these and
//! sets `confirmPayment`'s answer:
//!   vi.mock('@stripe/stripe-js/pure', () => import('@/test/stripe').then((m) => m.stripeJs));
//!   vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe').then((m) => m.reactStripe));
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** `stripe.confirmPayment`, as the form calls it. */
export const confirmPayment = vi.fn();

export const stripeJs = { loadStripe: vi.fn(() => Promise.resolve({})) };

export const reactStripe = {
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div>Stripe card form</div>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
};
