//! The cart in test mode (issue 42): kept apart from shop.test.tsx, which the checkout work owns.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf } from '@/features/shop/cart';
import { json, me, renderWithApp } from '@/test/render';
import { aPaymentsConfig, catalogue, LIVE_PAYMENTS, productsRoute, serveApi } from '@/test/shop';
import ShopPage from './shop';

const cart = cartOf(me.id);

function renderShop(config: ReturnType<typeof aPaymentsConfig>) {
  const server = serveApi({
    'GET /api/products': productsRoute({ house: catalogue }),
    'GET /api/ads/sidebar': () => json([]),
    'GET /api/ads/feed': () => json([]),
    'GET /api/payments/config': () => json(config),
  });
  return { ...renderWithApp(<ShopPage />, { path: '/shop', user: me }), ...server };
}

beforeEach(() => {
  localStorage.clear();
  cart.reload();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the cart in test mode', () => {
  it("says 'Test mode — no real money moves' in the cart while the provider is in test mode", async () => {
    const user = userEvent.setup();
    renderShop(aPaymentsConfig());
    await user.click(await screen.findByRole('button', { name: 'Cart, 0 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(await within(dialog).findByText('Test mode — no real money moves')).toHaveAttribute('role', 'status');
  });

  it('says nothing of test mode when real money moves', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderShop(LIVE_PAYMENTS);
    await user.click(await screen.findByRole('button', { name: 'Cart, 0 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping Cart' });
    await waitFor(() => expect(queryClient.getQueryState(['/api/payments/config'])?.status).toBe('success'));
    expect(within(dialog).queryByText('Test mode — no real money moves')).not.toBeInTheDocument();
  });
});
