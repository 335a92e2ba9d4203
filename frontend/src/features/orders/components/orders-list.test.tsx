import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aCheckout, aLine } from '@/test/orders';
import { serveApi } from '@/test/shop';
import { OrdersList } from './orders-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const newest = aCheckout({
  id: 43,
  lines: [aLine({ productName: 'Harbour Print', quantity: 2, total: 5000 }), aLine({ productId: 202, productName: 'Brush pack', kind: 'digital', imageUrl: '/media/brushes.png' })],
  total: 6500,
  createdAt: '2026-03-05T10:00:00Z',
});
const shipped = aCheckout({ id: 41, lines: [aLine({ productName: 'Harbour Print', shippedAt: '2026-03-04T10:00:00Z' })], createdAt: '2026-03-02T10:00:00Z' });
const older = aCheckout({ id: 12, lines: [aLine({ productName: 'Old Sketch' })], total: 900, createdAt: '2026-01-10T10:00:00Z' });

describe('Settings › Orders', () => {
  it('lists orders newest first with date, status, items and total, each linking to its receipt, and loads older ones', async () => {
    const user = userEvent.setup();
    const { calls } = serveApi({
      'GET /api/checkouts': ({ url }) =>
        url.searchParams.get('before') === '41' ? json([older]) : json([newest, shipped], { headers: { 'X-Next-Cursor': '41' } }),
    });
    renderWithApp(<OrdersList />, { user: me });

    const list = await screen.findByRole('list', { name: 'Your orders' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/orders/43', '/orders/41']);
    expect(links[0]).toHaveAccessibleName('Order #43, Mar 5, 2026, Paid, $65.00');
    expect(within(links[0]).getByText('Harbour Print × 2, Brush pack')).toBeInTheDocument();
    expect(within(links[0]).getByText('Paid')).toBeInTheDocument();
    expect(calls('GET /api/checkouts')[0].url.searchParams.get('limit')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(within(list).getAllByRole('link')[2]).toHaveAccessibleName('Order #12, Jan 10, 2026, Paid, $9.00');
    expect(calls('GET /api/checkouts')[1].url.searchParams.get('before')).toBe('41');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    serveApi({ 'GET /api/checkouts': () => json([]) });
    renderWithApp(<OrdersList />, { user: me });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });
});
