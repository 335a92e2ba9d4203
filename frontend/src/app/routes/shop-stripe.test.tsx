//! The checkout while Stripe takes the payments (issue 42, docs/payments.md "Stripe"): no card form
//! of Atelier's; after the review the checkout's PaymentIntent is confirmed in Stripe's Payment
//! Element (mocked at the module boundary: Stripe.js cannot load here), then 'Processing payment…'
//! until the server says paid, then the receipt.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf } from '@/features/shop/cart';
import { json, me, renderWithApp } from '@/test/render';
import { confirmPayment } from '@/test/stripe';
import { aPaymentsConfig, aWork, catalogue, checkoutRoutes, productsRoute, serveApi } from '@/test/shop';
import ShopPage from './shop';

vi.mock('@stripe/stripe-js/pure', () => import('@/test/stripe').then((m) => m.stripeJs));
vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe').then((m) => m.reactStripe));

const cart = cartOf(me.id);
const STRIPE = aPaymentsConfig({ provider: 'stripe', publishableKey: 'pk_test_abc' });

beforeEach(() => {
  localStorage.clear();
  cart.reload();
  confirmPayment.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The digital zine in the cart, the shop served with Stripe as the provider; `reads` answers GET /api/checkouts/5 in turn. */
function renderStripeShop(reads: Array<'pending_payment' | 'paid' | 'failed'>, config: () => Promise<Response> | Response = () => json(STRIPE)) {
  const zine = aWork({ id: 40, name: 'Night Zine', price: 1200, kind: 'digital' });
  cart.add(zine);
  const routes = checkoutRoutes();
  let opened: Record<string, unknown> | null = null;
  const server = serveApi({
    ...routes,
    'GET /api/products': productsRoute({ house: [...catalogue, zine] }),
    'GET /api/ads/sidebar': () => json([]),
    'GET /api/ads/feed': () => json([]),
    'GET /api/payments/config': config,
    'POST /api/checkouts': async (request) => {
      const res = await routes['POST /api/checkouts'](request);
      opened = (await res.clone().json()) as Record<string, unknown>;
      return res;
    },
    'POST /api/checkouts/5/payment-intent': () => json({ checkout: opened, clientSecret: 'pi_1_secret_2' }),
    'GET /api/checkouts/5': () => {
      const status = reads.length > 1 ? reads.shift()! : reads[0];
      return json({ ...opened, status, failureMessage: status === 'failed' ? 'Your card was declined.' : null });
    },
  });
  return { ...renderWithApp(<ShopPage />, { path: '/shop', user: me }), ...server };
}

describe('the checkout with Stripe', () => {
  it('takes no card at Atelier: Stripe confirms the intent, then processing until the webhook paid it, then the receipt', async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { calls } = renderStripeShop(['pending_payment', 'paid']);
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await waitFor(() => expect(calls('GET /api/payments/config')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $12.00' }));

    // Straight to the review: no card form of Atelier's.
    await screen.findByRole('dialog', { name: 'Review your order' });
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));

    await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_1_secret_2');
    expect(within(dialog).getByText('Stripe card form')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $12.00' }));
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(await within(dialog).findByText('Processing payment…')).toBeInTheDocument();

    await screen.findByRole('dialog', { name: 'Order placed' }, { timeout: 5000 });
    expect(calls('POST /api/checkouts/5/pay')).toHaveLength(0);
    expect(calls('POST /api/checkouts/5/payment-intent')).toHaveLength(1);
    for (const call of calls('POST /api/checkouts/5/payment-intent')) expect(call.body).toBeUndefined();
  });

  it("a payment Stripe refuses goes back to the cart with Stripe's words", async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { calls } = renderStripeShop(['failed']);
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await waitFor(() => expect(calls('GET /api/payments/config')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $12.00' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $12.00' }));
    await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByText('Your card was declined.')).toBeInTheDocument();
  });

  it('keeps Checkout off until it knows who takes the card, so a Stripe site never shows the test card form', async () => {
    const user = userEvent.setup();
    let answer: (res: Response) => void = () => {};
    const config = new Promise<Response>((resolve) => (answer = resolve));
    renderStripeShop(['pending_payment'], () => config);
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByRole('button', { name: 'Checkout $12.00' })).toBeDisabled();

    answer(json(STRIPE));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Checkout $12.00' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Checkout $12.00' }));
    await screen.findByRole('dialog', { name: 'Review your order' });
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
