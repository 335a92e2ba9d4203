import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aSale, apiError, serveApi } from '@/test/shop';
import { YourSales } from './your-sales';

afterEach(() => {
  vi.unstubAllGlobals();
});

const address = { name: 'Fay Fan', line1: '3 Quay Street', line2: null, city: 'Bristol', postalCode: 'BS1 4DJ', country: 'GB' };
const print = aSale({ id: 501, productName: 'Harbour Print', shippingAddress: address });
const brushes = aSale({ id: 502, productName: 'Brush pack', kind: 'digital', status: 'delivered' });
const sent = aSale({ id: 503, productName: 'Low Tide', status: 'shipped', shippingAddress: address, shippedAt: '2026-03-05T09:00:00Z', trackingNote: 'DHL 999' });

function renderSales(ship = ({ body }: { body: unknown }) => json({ ...print, status: 'shipped', shippedAt: '2026-03-06T09:00:00Z', trackingNote: (body as { trackingNote?: string }).trackingNote ?? null })) {
  const server = serveApi({
    'GET /api/user/sales': () => json([print, brushes, sent]),
    'POST /api/user/sales/501/ship': ship,
  });
  return { ...renderWithApp(<YourSales />, { user: me }), ...server };
}

describe("'Your sales'", () => {
  it('shows each sale with its buyer, status and, for a physical line, the address; only an unshipped physical one can be marked shipped', async () => {
    renderSales();
    const list = await screen.findByRole('list', { name: 'Your sales' });
    const printRow = within(list).getByRole('listitem', { name: 'Harbour Print, bought by Fay Fan' });
    expect(within(printRow).getByText('To ship')).toBeInTheDocument();
    expect(printRow).toHaveTextContent('Ship to: Fay Fan, 3 Quay Street, BS1 4DJ Bristol, GB');
    expect(within(printRow).getByRole('button', { name: 'Mark shipped: Harbour Print' })).toBeInTheDocument();

    const brushRow = within(list).getByRole('listitem', { name: 'Brush pack, bought by Fay Fan' });
    expect(within(brushRow).getByText('Delivered')).toBeInTheDocument();
    expect(brushRow).not.toHaveTextContent('Ship to');
    expect(within(brushRow).queryByRole('button', { name: /Mark shipped/ })).not.toBeInTheDocument();

    const sentRow = within(list).getByRole('listitem', { name: 'Low Tide, bought by Fay Fan' });
    expect(sentRow).toHaveTextContent('Shipped Mar 5, 2026 · DHL 999');
    expect(within(sentRow).queryByRole('button', { name: /Mark shipped/ })).not.toBeInTheDocument();
  });

  it("marks a sale shipped with a tracking note, then shows it 'Shipped' with the note", async () => {
    const user = userEvent.setup();
    const { calls } = renderSales();
    await user.click(await screen.findByRole('button', { name: 'Mark shipped: Harbour Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.type(within(dialog).getByLabelText('Tracking note (optional)'), '  Royal Mail AB123 ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST /api/user/sales/501/ship')[0].body).toEqual({ trackingNote: 'Royal Mail AB123' });
    const row = screen.getByRole('listitem', { name: 'Harbour Print, bought by Fay Fan' });
    expect(row).toHaveTextContent('Shipped Mar 6, 2026 · Royal Mail AB123');
    expect(within(row).queryByRole('button', { name: /Mark shipped/ })).not.toBeInTheDocument();
  });

  it('sends no note when none is typed, and keeps the dialog open with the reason when refused', async () => {
    const user = userEvent.setup();
    const { calls } = renderSales(() => apiError(404, 'Sale not found', 'not_found'));
    await user.click(await screen.findByRole('button', { name: 'Mark shipped: Harbour Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sale not found');
    expect(calls('POST /api/user/sales/501/ship')[0].body).toEqual({});
    // Behind the open dialog (hidden from the accessibility tree meanwhile), the sale is unchanged.
    expect(within(screen.getByRole('listitem', { name: 'Harbour Print, bought by Fay Fan', hidden: true })).getByText('To ship')).toBeInTheDocument();
  });
});
