import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aBalance, aCredit, anOrder, aPaymentsConfig, apiError, aSummary, aTip, aWithdrawal, serveApi } from '@/test/shop';
import EarningsPage from './earnings';

type Routes = Parameters<typeof serveApi>[0];

function renderEarnings(routes: Routes = {}) {
  const server = serveApi({
    'GET /api/user/balance': () => json(aBalance()),
    'GET /api/orders': () => json([]),
    'GET /api/withdrawals': () => json([]),
    'GET /api/user/earnings/summary': () => json(aSummary()),
    'GET /api/user/earnings/credits': () => json([]),
    'GET /api/tips/sent': () => json([]),
    ...routes,
  });
  return { ...renderWithApp(<EarningsPage />, { path: '/earnings', user: me }), ...server };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Request Withdrawal' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.getByRole('dialog', { name: 'Request Withdrawal' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Earnings & Payments', () => {
  it('shows the three cards in dollars, the latest 5 orders and the withdrawals with their status', async () => {
    const { calls } = renderEarnings({
      'GET /api/user/balance': () => json(aBalance({ availableBalance: 115000, pendingBalance: 10000, totalEarnings: 125000 })),
      'GET /api/orders': () =>
        json([
          anOrder({ productName: 'Creator Hoodie', totalAmount: 17998, quantity: 2 }),
          anOrder({ productName: 'Pixel Tee', totalAmount: 5000, createdAt: 'not a date' }),
        ]),
      'GET /api/withdrawals': () =>
        json([
          aWithdrawal({ amount: 10000, netAmount: 9750 }),
          aWithdrawal({
            amount: 2000,
            netAmount: 1950,
            paymentMethod: 'paypal',
            status: 'failed',
            accountDetails: { accountHolder: null, accountNumberLast4: null, routingNumber: null, email: 'maya@example.com' },
            notes: 'Rejected - insufficient documentation',
          }),
        ]),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings & Payments' })).toBeInTheDocument();
    expect(await screen.findByText('$1,150.00')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Available Balance' })).toHaveTextContent('$1,150.00');
    expect(screen.getByRole('listitem', { name: 'Pending' })).toHaveTextContent('$100.00');
    expect(screen.getByRole('listitem', { name: 'Total Earned' })).toHaveTextContent('$1,250.00');

    const orders = await screen.findByRole('list', { name: 'Recent orders' });
    const [hoodie, tee] = within(orders).getAllByRole('listitem');
    expect(hoodie).toHaveTextContent('Creator Hoodie');
    expect(hoodie).toHaveTextContent('Mar 4, 2026');
    expect(hoodie).toHaveTextContent('$179.98');
    expect(hoodie).toHaveTextContent('paid');
    expect(tee).toHaveTextContent('Unknown date');
    expect(calls('GET /api/orders')[0].url.searchParams.get('limit')).toBe('5');

    const withdrawals = await screen.findByRole('list', { name: 'Withdrawals' });
    const bank = within(withdrawals).getByRole('listitem', { name: 'Withdrawal of $100.00' });
    expect(bank).toHaveTextContent('Bank Transfer ····6789');
    expect(bank).toHaveTextContent('pending');
    expect(bank).toHaveTextContent('net $97.50');
    const paypal = within(withdrawals).getByRole('listitem', { name: 'Withdrawal of $20.00' });
    expect(paypal).toHaveTextContent('PayPal maya@example.com');
    expect(paypal).toHaveTextContent('failed');
    expect(paypal).toHaveTextContent('Rejected - insufficient documentation');
  });

  it("says no real money moves in test mode, and 'Test payout — no money sent' on a payout completed in test mode (issue 42)", async () => {
    renderEarnings({
      'GET /api/payments/config': () => json(aPaymentsConfig()),
      'GET /api/withdrawals': () =>
        json([
          aWithdrawal({ amount: 3000, status: 'completed', testMode: true, notes: 'Approved and processed' }),
          aWithdrawal({ amount: 4000, status: 'completed', testMode: false, notes: 'Approved and processed' }),
          aWithdrawal({ amount: 5000, status: 'failed', testMode: true }),
        ]),
    });
    expect(await screen.findByText('Test mode — no real money moves')).toHaveAttribute('role', 'status');
    const withdrawals = await screen.findByRole('list', { name: 'Withdrawals' });
    expect(within(withdrawals).getByRole('listitem', { name: 'Withdrawal of $30.00' })).toHaveTextContent('Test payout — no money sent');
    // Paid while real money moved, or never paid: no such label.
    expect(within(withdrawals).getByRole('listitem', { name: 'Withdrawal of $40.00' })).not.toHaveTextContent('Test payout');
    expect(within(withdrawals).getByRole('listitem', { name: 'Withdrawal of $50.00' })).not.toHaveTextContent('Test payout');
    expect(within(withdrawals).getAllByText('Test payout — no money sent')).toHaveLength(1);
  });

  it('offers Download (a download link to the order\'s file) on a digital order only', async () => {
    renderEarnings({
      'GET /api/orders': () =>
        json([
          anOrder({ id: 41, productName: 'Night Zine', kind: 'digital', downloadUrl: '/api/orders/41/download', totalAmount: 1200 }),
          anOrder({ id: 42, productName: 'Harbour Print', kind: 'physical', downloadUrl: null, totalAmount: 2500 }),
        ]),
    });
    const orders = await screen.findByRole('list', { name: 'Recent orders' });
    const [zine, print] = within(orders).getAllByRole('listitem');
    const download = within(zine).getByRole('link', { name: 'Download Night Zine' });
    expect(download).toHaveAttribute('href', '/api/orders/41/download');
    expect(download).toHaveAttribute('download');
    expect(download).toHaveTextContent('Download');
    expect(within(print).queryByRole('link')).not.toBeInTheDocument();
    expect(within(orders).getAllByRole('link')).toHaveLength(1);
  });

  it("says 'No orders found' and keeps Request Withdrawal off with no balance", async () => {
    renderEarnings({ 'GET /api/user/balance': () => json(aBalance({ availableBalance: 0, totalEarnings: 0 })) });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    await screen.findAllByText('$0.00');
    expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
  });

  it("shows '—' on the balance cards, not a loading placeholder, when the balance fails to load", async () => {
    renderEarnings({ 'GET /api/user/balance': () => new Response('boom', { status: 500 }) });
    expect(await screen.findByText('Failed to load your balance')).toBeInTheDocument();
    for (const card of ['Available Balance', 'Pending', 'Total Earned']) {
      const item = screen.getByRole('listitem', { name: card });
      expect(item).toHaveTextContent('—');
      expect(item.querySelector('.animate-pulse')).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
  });

  it('shows loading placeholders on the balance cards while the balance loads', async () => {
    renderEarnings({ 'GET /api/user/balance': () => new Promise<Response>(() => {}) });
    const item = await screen.findByRole('listitem', { name: 'Available Balance' });
    expect(item.querySelector('.animate-pulse')).not.toBeNull();
    expect(item).not.toHaveTextContent('—');
  });

  it.each([
    ['1.01', '$0.03', '$0.98'],
    ['1.99', '$0.05', '$1.94'],
    ['1', '$0.03', '$0.97'],
    ['100', '$2.50', '$97.50'],
    ['0.2', '$0.01', '$0.19'],
  ])('previews the fee and net of $%s as the server computes them (%s, %s)', async (amount, fee, net) => {
    const user = userEvent.setup();
    renderEarnings();
    const dialog = await openDialog(user);
    expect(within(dialog).getByTestId('withdrawal-fee')).toHaveTextContent('$0.00');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), amount);
    expect(within(dialog).getByTestId('withdrawal-fee')).toHaveTextContent(fee);
    expect(within(dialog).getByTestId('withdrawal-net')).toHaveTextContent(net);
  });

  it('has the amount input of the spec and shows only the chosen method’s fields', async () => {
    const user = userEvent.setup();
    renderEarnings();
    const dialog = await openDialog(user);
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('max', '1250.00');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();
    await user.type(amount, '10');
    expect(submit).toBeDisabled(); // no method yet
    const method = within(dialog).getByRole('combobox', { name: 'Payment Method' });
    await user.selectOptions(method, 'bank_transfer');
    expect(within(dialog).getByLabelText('Account Holder Name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account Number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Routing Number')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('PayPal Email')).not.toBeInTheDocument();
    await user.selectOptions(method, 'paypal');
    expect(within(dialog).getByLabelText('PayPal Email')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Account Number')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['0', 'Invalid amount', 'Please enter a valid withdrawal amount.'],
    ['1.005', 'Invalid amount', 'Please enter a valid withdrawal amount.'],
    ['0.5', 'Invalid amount', 'Minimum withdrawal is $1.00'],
  ])('refuses $%s with %s under the amount and sends nothing', async (amount, title, description) => {
    const user = userEvent.setup();
    const { calls } = renderEarnings();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), amount);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'paypal');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const field = within(dialog).getByLabelText('Amount (USD)');
    expect(field).toHaveAccessibleDescription(`${title} - ${description}`);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(calls('POST /api/withdrawals')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Request Withdrawal' })).toBeInTheDocument();
  });

  it('warns of an amount over the balance as it is typed and keeps Submit Request off (issue 42)', async () => {
    const user = userEvent.setup();
    const { calls } = renderEarnings();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'paypal');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '1250.01');
    expect(within(dialog).getByText("Insufficient funds - You don't have enough available balance for this withdrawal.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit Request' })).toBeDisabled();
    expect(calls('POST /api/withdrawals')).toHaveLength(0);
  });

  it("sends the amount in cents with the bank details, says 'Submitting...', then 'Withdrawal requested' and refetches", async () => {
    const user = userEvent.setup();
    let available = 125000;
    const { calls } = renderEarnings({
      'GET /api/user/balance': () => json(aBalance({ availableBalance: available, pendingBalance: 125000 - available })),
      'POST /api/withdrawals': async () => {
        await new Promise((r) => setTimeout(r, 20));
        available -= 2030;
        return json(aWithdrawal({ amount: 2030, processingFee: 51, netAmount: 1979 }), { status: 201 });
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '20.30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'bank_transfer');
    await user.type(within(dialog).getByLabelText('Account Holder Name'), 'Maya Chen');
    await user.type(within(dialog).getByLabelText('Account Number'), '000123456789');
    await user.type(within(dialog).getByLabelText('Routing Number'), '021000021');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();

    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(screen.getByText('Your withdrawal request has been submitted for review.')).toBeInTheDocument();
    expect(calls('POST /api/withdrawals')[0].body).toEqual({
      amount: 2030,
      paymentMethod: 'bank_transfer',
      accountDetails: { accountHolder: 'Maya Chen', accountNumber: '000123456789', routingNumber: '021000021' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('$1,229.70')).toBeInTheDocument();
    expect(calls('GET /api/withdrawals').length).toBeGreaterThanOrEqual(2);
  });

  it('sends a withdrawal with an Idempotency-Key that a retry of the same request reuses and a changed form replaces', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = renderEarnings({
      'POST /api/withdrawals': () => (fail ? new Response('bad gateway', { status: 502 }) : json(aWithdrawal({ amount: 5000 }), { status: 201 })),
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'paypal');
    await user.type(within(dialog).getByLabelText(/PayPal Email/), 'maya@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Failed to submit withdrawal request. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(calls('POST /api/withdrawals')).toHaveLength(2));
    const [first, retry] = calls('POST /api/withdrawals').map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[\w-]{16,}$/);
    expect(retry).toBe(first);

    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '40');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(calls('POST /api/withdrawals')[2].headers['Idempotency-Key']).not.toBe(first);
  });

  it("shows the server's refusals: 'Insufficient funds', and the reason of a 400", async () => {
    const user = userEvent.setup();
    let answer = apiError(422, 'Insufficient funds', 'insufficient_funds');
    renderEarnings({ 'POST /api/withdrawals': () => answer });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'paypal');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
        "Insufficient funds - You don't have enough available balance for this withdrawal.",
      ),
    );

    answer = apiError(400, 'A valid PayPal email is required', 'invalid_email');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A valid PayPal email is required');
    expect(screen.queryByText('Failed to submit withdrawal request. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request Withdrawal' })).toBeInTheDocument();
  });

  describe('the last 30 days and recent sales and tips', () => {
    it('labels the chart with the sales and tips of the 30 days, loads it, and shows the totals by source with the fees', async () => {
      const summary = aSummary({
        credits: { '2026-02-10': { sales: 8099 }, '2026-03-01': { tips: 450 }, '2026-03-04': { tips: 900, other: 5000 } },
        fees: 1200,
      });
      const { calls } = renderEarnings({ 'GET /api/user/earnings/summary': () => json(summary) });
      const chart = await screen.findByRole('img', { name: 'Sales and tips over the last 30 days: $80.99 in sales, $13.50 in tips' });
      expect(await within(chart).findByTestId('earnings-chart-canvas')).toBeInTheDocument();
      expect(calls('GET /api/user/earnings/summary')[0].url.searchParams.get('days')).toBe('30');

      const totals = screen.getByRole('list', { name: 'Totals over the last 30 days' });
      expect(within(totals).getByRole('listitem', { name: 'Sales' })).toHaveTextContent('$80.99');
      expect(within(totals).getByRole('listitem', { name: 'Tips' })).toHaveTextContent('$13.50');
      expect(within(totals).getByRole('listitem', { name: 'Other' })).toHaveTextContent('$50.00');
      expect(within(totals).getByRole('listitem', { name: 'Platform fees' })).toHaveTextContent('$12.00');
    });

    it('shows the chart and totals above the balance, and says when the summary fails', async () => {
      renderEarnings({ 'GET /api/user/earnings/summary': () => new Response('boom', { status: 500 }) });
      expect(await screen.findByText('Failed to load your earnings over time')).toBeInTheDocument();
      const tiles = screen.getByRole('list', { name: 'Totals over the last 30 days' });
      for (const tile of ['Sales', 'Tips', 'Other', 'Platform fees']) expect(within(tiles).getByRole('listitem', { name: tile })).toHaveTextContent('—');
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings.slice(0, 3)).toEqual(['Last 30 days', 'Recent sales and tips', 'Balance']);
    });

    it('lists who, what, the net amount, the fee and when, newest first, linking the post or reel', async () => {
      renderEarnings({
        'GET /api/user/earnings/credits': () =>
          json([
            aCredit({ amount: 450, fee: 50, note: 'Love your work', postId: 7, createdAt: '2026-03-04T10:00:00Z' }),
            aCredit({ amount: 900, fee: 100, note: '', postId: null, reelId: 300, createdAt: '2026-03-03T10:00:00Z' }),
            aCredit({
              source: 'sale',
              amount: 8099,
              fee: 900,
              note: 'Neon Print',
              postId: null,
              orderId: 12,
              fromUser: { id: 4, username: 'bo', displayName: 'Bo Buyer', profileImage: null },
              createdAt: '2026-02-10T09:00:00Z',
            }),
            aCredit({ source: 'other', amount: 5000, fee: 0, note: 'e2e', postId: null, fromUser: null, createdAt: '2026-02-01T09:00:00Z' }),
          ]),
      });
      const list = await screen.findByRole('list', { name: 'Recent sales and tips' });
      const [tip, reelTip, sale, other] = within(list).getAllByRole('listitem');
      expect(tip).toHaveAccessibleName('Tip from Fay Fan: $4.50');
      expect(tip).toHaveTextContent('“Love your work”');
      expect(tip).toHaveTextContent('+$4.50');
      expect(tip).toHaveTextContent('fee $0.50');
      expect(tip).toHaveTextContent('Mar 4, 2026');
      expect(within(tip).getByRole('link', { name: 'on your post' })).toHaveAttribute('href', '/p/7');
      expect(reelTip).toHaveTextContent('A tip');
      expect(within(reelTip).getByRole('link', { name: 'on your reel' })).toHaveAttribute('href', '/reels?reel=300');
      expect(sale).toHaveAccessibleName('Sale from Bo Buyer: $80.99');
      expect(sale).toHaveTextContent('Neon Print');
      expect(sale).toHaveTextContent('fee $9.00');
      expect(within(sale).queryByRole('link')).not.toBeInTheDocument();
      expect(other).toHaveAccessibleName('Credit from Atelier: $50.00');
      expect(other).toHaveTextContent('e2e');
    });

    it("loads the next page on 'Load more' with the X-Next-Cursor, and says when there is nothing yet", async () => {
      const user = userEvent.setup();
      const { calls } = renderEarnings({
        'GET /api/user/earnings/credits': ({ url }) =>
          url.searchParams.get('before') === 'c-10'
            ? json([aCredit({ note: 'Older tip' })])
            : json([aCredit({ note: 'Newest tip' })], { headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'c-10' } }),
      });
      const list = await screen.findByRole('list', { name: 'Recent sales and tips' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
      expect(calls('GET /api/user/earnings/credits')[0].url.searchParams.get('limit')).toBe('10');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
      expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringContaining('Newest tip'),
        expect.stringContaining('Older tip'),
      ]);
      expect(calls('GET /api/user/earnings/credits')[1].url.searchParams.get('before')).toBe('c-10');
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });

    it('says there are no sales or tips yet', async () => {
      renderEarnings();
      expect(await screen.findByText('No sales or tips yet')).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: 'Sales and tips over the last 30 days: $0.00 in sales, $0.00 in tips' })).toBeInTheDocument();
    });
  });
});

describe('Tips you sent', () => {
  it('lists to whom, the message, when and the amount, newest first, paging on Load more', async () => {
    const user = userEvent.setup();
    const { calls } = renderEarnings({
      'GET /api/tips/sent': ({ url }) =>
        url.searchParams.get('before') === 't-20'
          ? json([aTip({ amount: 300, message: null, createdAt: '2026-02-01T09:00:00Z' })])
          : json([aTip({ amount: 500, message: 'For the zine', createdAt: '2026-03-04T10:00:00Z' })], {
              headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 't-20' },
            }),
    });
    const list = await screen.findByRole('list', { name: 'Tips you sent' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Tip to Leo Park: $5.00');
    expect(first).toHaveTextContent('“For the zine”');
    expect(first).toHaveTextContent('Mar 4, 2026');
    expect(within(first).getByRole('link', { name: 'Leo Park' })).toHaveAttribute('href', '/profile/leo');
    expect(calls('GET /api/tips/sent')[0].url.searchParams.get('limit')).toBe('20');
    const section = screen.getByRole('region', { name: 'Tips you sent' });
    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('A tip');
    expect(calls('GET /api/tips/sent')[1].url.searchParams.get('before')).toBe('t-20');
  });

  it('says when no tip was sent yet', async () => {
    renderEarnings();
    expect(await screen.findByText('No tips sent yet')).toBeInTheDocument();
  });
});
