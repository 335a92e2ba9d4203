import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aCheckout, aLine } from '@/test/orders';
import { apiError, serveApi } from '@/test/shop';
import { OrderReceipt } from './order-receipt';

afterEach(() => {
  vi.unstubAllGlobals();
});

const paid = aCheckout({
  id: 42,
  lines: [
    aLine({ productId: 201, productName: 'Harbour Print', quantity: 2, unitPrice: 2500, total: 5000, shippedAt: '2026-03-06T09:00:00Z', trackingNote: 'Royal Mail AB123' }),
    aLine({ productId: 202, productName: 'Brush pack', kind: 'digital', unitPrice: 1500, total: 1500, sellerUsername: 'rosa', orderId: 502, downloadUrl: '/api/orders/502/download' }),
    aLine({ productId: 4, productName: 'Brushstroke Tee', unitPrice: 5800, total: 5800, sellerUsername: null, orderId: 503 }),
  ],
  subtotal: 12300,
  total: 12300,
  shippingAddress: { name: 'Maya Chen', line1: '12 Harbour Road', line2: 'Flat 3', city: 'Lisbon', postalCode: '1100-001', country: 'PT' },
});

function renderReceipt(checkout = paid, status = 200) {
  const server = serveApi({
    [`GET /api/checkouts/${checkout.id}`]: () => (status === 200 ? json(checkout) : apiError(status, 'Order not found', 'not_found')),
  });
  return { ...renderWithApp(<OrderReceipt id={checkout.id} />, { user: me }), ...server };
}

describe('the receipt', () => {
  it('shows each line with its prices and seller, shipping with the tracking note, and a Download link for a paid digital line', async () => {
    renderReceipt();
    expect(await screen.findByRole('heading', { name: 'Order #42' })).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2026')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Items' });

    const print = within(items).getByRole('listitem', { name: 'Harbour Print' });
    expect(within(print).getByText('Qty 2 × $25.00')).toBeInTheDocument();
    expect(within(print).getByText('$50.00')).toBeInTheDocument();
    expect(within(print).getByText('Sold by @leo')).toBeInTheDocument();
    expect(print).toHaveTextContent('Shipped Mar 6, 2026 · Royal Mail AB123');
    expect(within(print).queryByRole('link')).not.toBeInTheDocument();

    const brushes = within(items).getByRole('listitem', { name: 'Brush pack' });
    expect(within(brushes).getByRole('link', { name: 'Download Brush pack' })).toHaveAttribute('href', '/api/orders/502/download');

    const tee = within(items).getByRole('listitem', { name: 'Brushstroke Tee' });
    expect(within(tee).getByText('Sold by Atelier')).toBeInTheDocument();
    expect(within(tee).getByText('Not shipped yet')).toBeInTheDocument();
  });

  it('shows the shipping address, the card, the totals with free shipping, and the test-mode note', async () => {
    renderReceipt();
    const address = await screen.findByRole('region', { name: 'Shipping to' });
    expect(address).toHaveTextContent('Maya Chen12 Harbour RoadFlat 31100-001 LisbonPT');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Visa •••• 4242');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Subtotal$123.00');
    expect(summary).toHaveTextContent('ShippingFree');
    expect(summary).toHaveTextContent('Fees$0.00');
    expect(summary).toHaveTextContent('Total$123.00');
    expect(screen.getByRole('note')).toHaveTextContent('Test mode — no real money moves');
  });

  it('offers no download for an unpaid order, says why the payment failed, and no test-mode note in live mode', async () => {
    const failed = aCheckout({
      id: 7,
      status: 'failed',
      failureMessage: 'Your card was declined.',
      testMode: false,
      card: null,
      shippingAddress: null,
      lines: [aLine({ productId: 202, productName: 'Brush pack', kind: 'digital', orderId: null, downloadUrl: null })],
    });
    renderReceipt(failed);
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipping to' })).not.toBeInTheDocument();
  });

  it("says 'Order not found' for someone else's order", async () => {
    renderReceipt(aCheckout({ id: 9 }), 404);
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All orders' })).toHaveAttribute('href', '/settings/orders');
  });
});
