import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdminAd, anAdminUser, anAdminWithdrawal, anAuditEntry, aRevenue } from '@/test/admin';
import { json, me, renderWithApp } from '@/test/render';
import { aPaymentsConfig, apiError, serveApi } from '@/test/shop';
import { imageFileToDataUrl } from '@/lib/process-image';
import AdminPage from './admin';

vi.mock('@/lib/process-image', () => ({ imageFileToDataUrl: vi.fn() }));

type Routes = Parameters<typeof serveApi>[0];

const admin = { ...me, id: 9, username: 'admin', displayName: 'Atelier Admin', isAdmin: true };

function renderAdmin(routes: Routes = {}) {
  const server = serveApi({
    'GET /api/admin/revenue': () => json(aRevenue()),
    'GET /api/admin/ads': () => json([]),
    'GET /api/admin/withdrawals': () => json([]),
    'GET /api/admin/withdrawals/summary': () => json({ pendingCount: 0, totalAmount: 0, totalFees: 0 }),
    'GET /api/admin/users': () => json([]),
    'GET /api/admin/users/summary': () => json({ totalUsers: 0, adminUsers: 0, onlineUsers: 0 }),
    'GET /api/admin/audit': () => json([]),
    ...routes,
  });
  return { ...renderWithApp(<AdminPage />, { path: '/admin', user: admin }), ...server };
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Admin dashboard', () => {
  it("shows Access Denied when the revenue call answers 403, and nothing else", async () => {
    const { calls } = renderAdmin({ 'GET /api/admin/revenue': () => apiError(403, 'Admin access required', 'forbidden') });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the admin panel.")).not.toHaveRole('heading');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls('GET /api/admin/revenue')).toHaveLength(1);
  });

  it('shows the revenue tiles with the click-through rate to 2 decimals', async () => {
    renderAdmin({ 'GET /api/admin/revenue': () => json(aRevenue({ totalRevenueFormatted: '$1,234.56', totalImpressions: 3, totalClicks: 1 })) });
    const tiles = await screen.findByRole('list', { name: 'Ad revenue' });
    expect(within(tiles).getByRole('listitem', { name: 'Total Revenue' })).toHaveTextContent('$1,234.56');
    expect(within(tiles).getByRole('listitem', { name: 'Impressions' })).toHaveTextContent('3');
    expect(within(tiles).getByRole('listitem', { name: 'Clicks' })).toHaveTextContent('1');
    expect(within(tiles).getByRole('listitem', { name: 'Click-Through Rate' })).toHaveTextContent('33.33%');
    expect(screen.getByRole('tab', { name: 'Advertisements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeInTheDocument();
  });

  it('shows the platform revenue over the tabs: fees kept, sales and tips volumes, in dollars', async () => {
    const user = userEvent.setup();
    renderAdmin({ 'GET /api/admin/revenue': () => json(aRevenue({ platformFees: 123450, salesVolume: 1234500, tipsVolume: 50 })) });
    const tiles = await screen.findByRole('list', { name: 'Platform revenue' });
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.getAttribute('aria-label'))).toEqual(['Platform fees', 'Sales volume', 'Tips volume']);
    expect(within(tiles).getByRole('listitem', { name: 'Platform fees' })).toHaveTextContent('$1,234.50');
    expect(within(tiles).getByRole('listitem', { name: 'Sales volume' })).toHaveTextContent('$12,345.00');
    expect(within(tiles).getByRole('listitem', { name: 'Tips volume' })).toHaveTextContent('$0.50');
    await openTab(user, 'Users');
    expect(screen.getByRole('list', { name: 'Platform revenue' })).toBeInTheDocument();
  });

  it("shows '—' on the platform revenue when the revenue fails to load", async () => {
    renderAdmin({ 'GET /api/admin/revenue': () => new Response('boom', { status: 500 }) });
    const tiles = await screen.findByRole('list', { name: 'Platform revenue' });
    for (const tile of ['Platform fees', 'Sales volume', 'Tips volume']) expect(within(tiles).getByRole('listitem', { name: tile })).toHaveTextContent('—');
    expect(tiles.parentElement).toHaveTextContent('Failed to load the totals. Please try again later.');
  });

  it("says 0.00% without impressions and the ads' empty text", async () => {
    renderAdmin({ 'GET /api/admin/revenue': () => json(aRevenue({ totalRevenueFormatted: '$0.00', totalImpressions: 0, totalClicks: 0 })) });
    expect(await screen.findByRole('listitem', { name: 'Click-Through Rate' })).toHaveTextContent('0.00%');
    expect(await screen.findByText('No ads created yet. Create your first ad to start earning!')).toBeInTheDocument();
  });

  it("shows '—' and an error line on each tab's tiles whose totals fail to load, not loading placeholders", async () => {
    const user = userEvent.setup();
    const boom = () => new Response('boom', { status: 500 });
    const { calls } = renderAdmin({ 'GET /api/admin/revenue': boom, 'GET /api/admin/withdrawals/summary': boom, 'GET /api/admin/users/summary': boom });
    const expectFailed = async (label: string, tiles: string[]) => {
      const list = await screen.findByRole('list', { name: label });
      await waitFor(() => expect(list.parentElement).toHaveTextContent('Failed to load the totals. Please try again later.'));
      for (const tile of tiles) expect(within(list).getByRole('listitem', { name: tile })).toHaveTextContent('—');
      expect(list.querySelector('.animate-pulse')).toBeNull();
    };
    await expectFailed('Ad revenue', ['Total Revenue', 'Impressions', 'Clicks', 'Click-Through Rate']);
    expect(calls('GET /api/admin/revenue')).toHaveLength(1); // asked once, not again by the ads tab in a loop
    await openTab(user, 'Withdrawals');
    await expectFailed('Withdrawal totals', ['Pending Requests', 'Total Amount', 'Processing Fees']);
    await openTab(user, 'Users');
    await expectFailed('User totals', ['Total Users', 'Admin Users', 'Online Users']);
  });

  it('lists every ad with its figures and pauses and resumes it', async () => {
    const user = userEvent.setup();
    let ad = anAdminAd({ title: 'Brush Pack Pro', category: 'banner', totalImpressions: 1200, totalClicks: 30, revenue: 3000 });
    const { calls } = renderAdmin({
      'GET /api/admin/ads': () => json([ad, anAdminAd({ id: 42, title: 'Loop Studio', isActive: false })], { headers: { 'X-Next-Cursor': '' } }),
      'PATCH /api/ads/41': ({ body }) => {
        ad = { ...ad, isActive: (body as { isActive: boolean }).isActive };
        return json(ad);
      },
    });
    const ads = await screen.findByRole('list', { name: 'Ads' });
    const row = within(ads).getByRole('listitem', { name: 'Brush Pack Pro' });
    expect(row).toHaveTextContent('Inkwell Studio');
    expect(row).toHaveTextContent('banner');
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('30');
    expect(row).toHaveTextContent('$30.00');
    expect(row).toHaveTextContent('Active');
    expect(within(row).getByRole('img')).toHaveAttribute('src', '/media/ad-brushes.jpg');
    const paused = within(ads).getByRole('listitem', { name: 'Loop Studio' });
    expect(paused).toHaveTextContent('Inactive');
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
    expect(calls('PATCH /api/ads/41')[0].body).toEqual({ isActive: false });
    await user.click(within(row).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument());
    expect(calls('PATCH /api/ads/41')[1].body).toEqual({ isActive: true });
  });

  it('opens Create Ad with the defaults and shows every rule’s message without sending', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Create Ad' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Ad' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue('feed');
    expect(within(dialog).getByLabelText('Budget ($)')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Cost per Click ($)')).toHaveValue(1);

    await user.clear(within(dialog).getByLabelText('Budget ($)'));
    await user.type(within(dialog).getByLabelText('Budget ($)'), '0.5');
    await user.clear(within(dialog).getByLabelText('Cost per Click ($)'));
    await user.type(within(dialog).getByLabelText('Cost per Click ($)'), '0.25');
    await user.type(within(dialog).getByLabelText('Image URL'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ad' }));
    for (const message of [
      'Title is required',
      'Please enter a valid image URL',
      'Please enter a valid target URL',
      'Advertiser name is required',
      'Budget must be at least $1.00',
      'Cost per click must be at least $0.50',
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(calls('POST /api/ads')).toHaveLength(0);
  });

  it("sends a new ad in cents, says 'Ad created successfully!' and refetches the list", async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const { calls } = renderAdmin({
      'GET /api/admin/ads': () => json(created),
      'POST /api/ads': ({ body }) => {
        const ad = anAdminAd({ ...(body as object), id: 50 });
        created.push(ad);
        return json(ad, { status: 201 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Ad' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Ad' });
    await user.type(within(dialog).getByLabelText('Title'), 'Brush Pack Pro');
    await user.type(within(dialog).getByLabelText('Image URL'), '/media/brushes.jpg');
    await user.type(within(dialog).getByLabelText('Target URL'), 'https://example.com/brushes');
    await user.type(within(dialog).getByLabelText('Advertiser Name'), 'Inkwell Studio');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'banner');
    await user.clear(within(dialog).getByLabelText('Budget ($)'));
    await user.type(within(dialog).getByLabelText('Budget ($)'), '25.50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ad' }));

    expect(await screen.findByText('Ad created successfully!')).toBeInTheDocument();
    expect(calls('POST /api/ads')[0].body).toEqual({
      title: 'Brush Pack Pro',
      imageUrl: '/media/brushes.jpg',
      targetUrl: 'https://example.com/brushes',
      advertiserName: 'Inkwell Studio',
      category: 'banner',
      budget: 2550,
      costPerClick: 100,
      endDate: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await screen.findByRole('list', { name: 'Ads' })).findByRole('listitem', { name: 'Brush Pack Pro' })).toBeInTheDocument();
  });

  it('sends an uploaded picture as a data: image, previewed and removable', async () => {
    const user = userEvent.setup();
    vi.mocked(imageFileToDataUrl).mockResolvedValue('data:image/jpeg;base64,AAAA');
    const { calls } = renderAdmin({ 'POST /api/ads': ({ body }) => json(anAdminAd(body as object), { status: 201 }) });
    await user.click(await screen.findByRole('button', { name: 'Create Ad' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Ad' });
    await user.upload(within(dialog).getByTestId('ad-image-file'), new File(['x'], 'ad.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Ad preview' })).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByLabelText('Image URL')).toHaveValue('');
    await user.upload(within(dialog).getByTestId('ad-image-file'), new File(['x'], 'ad.png', { type: 'image/png' }));
    await within(dialog).findByRole('img', { name: 'Ad preview' });
    await user.type(within(dialog).getByLabelText('Title'), 'Brush Pack Pro');
    await user.type(within(dialog).getByLabelText('Target URL'), 'https://example.com/brushes');
    await user.type(within(dialog).getByLabelText('Advertiser Name'), 'Inkwell Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ad' }));
    expect(await screen.findByText('Ad created successfully!')).toBeInTheDocument();
    expect((calls('POST /api/ads')[0].body as { imageUrl: string }).imageUrl).toBe('data:image/jpeg;base64,AAAA');
  });

  it("shows the server's 400 message under its field and 'Failed to create ad. Please try again.'", async () => {
    const user = userEvent.setup();
    renderAdmin({ 'POST /api/ads': () => apiError(400, 'Please enter a valid image URL', 'validation') });
    await user.click(await screen.findByRole('button', { name: 'Create Ad' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Ad' });
    await user.type(within(dialog).getByLabelText('Title'), 'Brush Pack Pro');
    await user.type(within(dialog).getByLabelText('Image URL'), 'https://example.com/a.png');
    await user.type(within(dialog).getByLabelText('Target URL'), 'https://example.com/brushes');
    await user.type(within(dialog).getByLabelText('Advertiser Name'), 'Inkwell Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ad' }));
    expect(await screen.findByText('Failed to create ad. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid image URL');
    expect(screen.getByRole('dialog', { name: 'Create Ad' })).toBeInTheDocument();
  });

  it('shows the withdrawal tiles and Approve/Reject only on pending rows, with the spec notes', async () => {
    const user = userEvent.setup();
    let pending = anAdminWithdrawal({ id: 12, amount: 2030, netAmount: 1979, processingFee: 51 });
    const done = anAdminWithdrawal({ id: 11, status: 'completed', user: { id: 6, username: 'ana', displayName: 'Ana Lee', email: 'ana@example.com' } });
    const { calls } = renderAdmin({
      'GET /api/admin/withdrawals': () => json([pending, done]),
      'GET /api/admin/withdrawals/summary': () => json({ pendingCount: 1, totalAmount: 12030, totalFees: 301 }),
      'PUT /api/admin/withdrawals/12': ({ body }) => {
        pending = { ...pending, status: (body as { status: 'completed' }).status, notes: 'Approved and processed' };
        return json(pending);
      },
      'GET /api/admin/audit': () => json([anAuditEntry()]),
    });
    await openTab(user, 'Withdrawals');
    const tiles = await screen.findByRole('list', { name: 'Withdrawal totals' });
    expect(await within(tiles).findByText('1')).toBeInTheDocument();
    expect(within(tiles).getByRole('listitem', { name: 'Total Amount' })).toHaveTextContent('$120.30');
    expect(within(tiles).getByRole('listitem', { name: 'Processing Fees' })).toHaveTextContent('$3.01');

    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    const row = within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $20.30' });
    expect(row).toHaveTextContent('@eli');
    expect(row).toHaveTextContent('$19.79');
    expect(row).toHaveTextContent('Bank Transfer');
    expect(row).toHaveTextContent('pending');
    expect(row).toHaveTextContent('Mar 5, 2026');
    const decided = within(list).getByRole('listitem', { name: /Ana Lee/ });
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Audit log' })).getByText('Atelier Admin approved withdrawal #12')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve withdrawal of $20.30 to @eli?' })).getByRole('button', { name: 'Approve payout' }));
    expect(await screen.findByText('Withdrawal updated successfully!')).toBeInTheDocument();
    expect(calls('PUT /api/admin/withdrawals/12')[0].body).toEqual({ status: 'completed', notes: 'Approved and processed' });
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(row).toHaveTextContent('completed');
  });

  it('asks before deciding a payout, showing its amount, method and account, and Cancel decides nothing', async () => {
    const user = userEvent.setup();
    const bank = anAdminWithdrawal({ id: 12, amount: 2030, netAmount: 1979, processingFee: 51 });
    const paypal = anAdminWithdrawal({
      id: 13,
      amount: 5000,
      netAmount: 4875,
      paymentMethod: 'paypal',
      accountDetails: { accountHolder: null, accountNumberLast4: null, routingNumber: null, email: 'eli@pay.example' },
    });
    const { calls } = renderAdmin({
      'GET /api/admin/withdrawals': () => json([bank, paypal]),
      'PUT /api/admin/withdrawals/12': () => json({ ...bank, status: 'completed' }),
      'PUT /api/admin/withdrawals/13': () => json({ ...paypal, status: 'failed' }),
    });
    await openTab(user, 'Withdrawals');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });

    await user.click(within(within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $20.30' })).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal of $20.30 to @eli?' });
    expect(dialog).toHaveTextContent('$20.30 ($19.79 after fees)');
    expect(dialog).toHaveTextContent('Bank Transfer');
    expect(dialog).toHaveTextContent('Maya Chen · account ending 6789 · routing 021000021');
    // The provider's mode is not known to be test here: no test payout is promised.
    expect(dialog).not.toHaveTextContent('Test payout');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT /api/admin/withdrawals/12')).toHaveLength(0);

    await user.click(within(within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $50.00' })).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal of $50.00 to @eli?' });
    expect(dialog).toHaveTextContent('$50.00 ($48.75 after fees)');
    expect(dialog).toHaveTextContent('PayPal');
    expect(dialog).toHaveTextContent('eli@pay.example');
    expect(calls('PUT /api/admin/withdrawals/13')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await screen.findByText('Withdrawal updated successfully!')).toBeInTheDocument();
    expect(calls('PUT /api/admin/withdrawals/13')[0].body).toEqual({ status: 'failed', notes: 'Rejected - insufficient documentation' });
  });

  it("in test mode says no real money moves, labels test payouts, and the approval says 'Test payout — no money sent' (issue 42)", async () => {
    const user = userEvent.setup();
    const pending = anAdminWithdrawal({ id: 12, amount: 2030, netAmount: 1979, processingFee: 51 });
    const paidInTest = anAdminWithdrawal({ id: 11, amount: 3000, status: 'completed', testMode: true, notes: 'Approved and processed' });
    const paidLive = anAdminWithdrawal({ id: 10, amount: 4000, status: 'completed', testMode: false, notes: 'Approved and processed' });
    const { calls } = renderAdmin({
      'GET /api/payments/config': () => json(aPaymentsConfig()),
      'GET /api/admin/withdrawals': () => json([pending, paidInTest, paidLive]),
      'PUT /api/admin/withdrawals/12': () => json({ ...pending, status: 'completed', testMode: true }),
    });
    await openTab(user, 'Withdrawals');
    expect(await screen.findByText('Test mode — no real money moves')).toHaveAttribute('role', 'status');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $30.00' })).toHaveTextContent('Test payout — no money sent');
    expect(within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $40.00' })).not.toHaveTextContent('Test payout');
    expect(within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $20.30' })).not.toHaveTextContent('Test payout');

    const row = within(list).getByRole('listitem', { name: 'Withdrawal by Eli Earns of $20.30' });
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal of $20.30 to @eli?' });
    expect(dialog).not.toHaveTextContent('Test payout');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal of $20.30 to @eli?' });
    expect(dialog).toHaveTextContent('Test payout — no money sent');
    expect(calls('PUT /api/admin/withdrawals/12')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    expect(await screen.findByText('Withdrawal updated successfully!')).toBeInTheDocument();
    expect(calls('PUT /api/admin/withdrawals/12')).toHaveLength(1);
  });

  it("rejects with the spec note and says 'Failed to update withdrawal. Please try again.' on a 409", async () => {
    const user = userEvent.setup();
    const { calls } = renderAdmin({
      'GET /api/admin/withdrawals': () => json([anAdminWithdrawal({ id: 12 })]),
      'PUT /api/admin/withdrawals/12': () => apiError(409, 'This withdrawal was already processed', 'conflict'),
    });
    await openTab(user, 'Withdrawals');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject withdrawal of $100.00 to @eli?' })).getByRole('button', { name: 'Reject payout' }));
    expect(await screen.findByText('Failed to update withdrawal. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('This withdrawal was already processed')).toBeInTheDocument();
    expect(calls('PUT /api/admin/withdrawals/12')[0].body).toEqual({ status: 'failed', notes: 'Rejected - insufficient documentation' });
  });

  it('says the decision succeeded even when the decided row leaves the pending filter', async () => {
    const user = userEvent.setup();
    let decided = false;
    renderAdmin({
      'GET /api/admin/withdrawals': ({ url }) =>
        json(url.searchParams.get('status') === 'pending' && decided ? [] : [anAdminWithdrawal({ id: 12 })]),
      'PUT /api/admin/withdrawals/12': () => {
        decided = true;
        return json(anAdminWithdrawal({ id: 12, status: 'completed' }));
      },
    });
    await openTab(user, 'Withdrawals');
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Approve payout' }));
    expect(await screen.findByText('Withdrawal updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawal requests found')).toBeInTheDocument();
  });

  it('filters withdrawals by status and shows their empty text', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdmin();
    await openTab(user, 'Withdrawals');
    expect(await screen.findByText('No withdrawal requests found')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(calls('GET /api/admin/withdrawals').at(-1)?.url.searchParams.get('status')).toBe('pending'));
  });

  it('shows the user tiles and every user, searching by q', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdmin({
      'GET /api/admin/users/summary': () => json({ totalUsers: 42, adminUsers: 1, onlineUsers: 5 }),
      'GET /api/admin/users': ({ url }) =>
        json(
          url.searchParams.get('q') === 'zzz'
            ? []
            : [anAdminUser(), anAdminUser({ id: 3, username: 'admin', displayName: 'Atelier Admin', isAdmin: true, isOnline: false, isActive: false })],
        ),
    });
    await openTab(user, 'Users');
    const tiles = await screen.findByRole('list', { name: 'User totals' });
    await waitFor(() => expect(within(tiles).getByRole('listitem', { name: 'Total Users' })).toHaveTextContent('42'));
    expect(within(tiles).getByRole('listitem', { name: 'Admin Users' })).toHaveTextContent('1');
    expect(within(tiles).getByRole('listitem', { name: 'Online Users' })).toHaveTextContent('5');

    const list = await screen.findByRole('list', { name: 'Users' });
    const leo = within(list).getByRole('listitem', { name: 'Leo Park' });
    for (const text of ['@leo', 'leo@example.com', '10 followers', '4 following', '7 posts', 'Online', 'User', 'Joined Jan 15, 2026'])
      expect(leo).toHaveTextContent(text);
    const adminRow = within(list).getByRole('listitem', { name: 'Atelier Admin' });
    expect(adminRow).toHaveTextContent('Admin');
    expect(adminRow).toHaveTextContent('Offline');
    expect(adminRow).toHaveTextContent('Deactivated');

    await user.type(screen.getByLabelText('Search users'), 'zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(calls('GET /api/admin/users').at(-1)?.url.searchParams.get('q')).toBe('zzz');
  });

  it('loads the next page of ads on X-Next-Cursor', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdmin({
      'GET /api/admin/ads': ({ url }) =>
        url.searchParams.get('before') === '41'
          ? json([anAdminAd({ id: 40, title: 'Older ad' })])
          : json([anAdminAd()], { headers: { 'X-Next-Cursor': '41' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Older ad' })).toBeInTheDocument();
    expect(calls('GET /api/admin/ads')[1].url.searchParams.get('before')).toBe('41');
  });
});

describe('Admin dashboard on a desktop (from 1024 px)', () => {
  function desktop() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 1024px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  function headers(table: HTMLElement): string[] {
    return within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent ?? '');
  }

  it('shows the ads as a table with a header per column, each ad a row that pauses', async () => {
    desktop();
    const user = userEvent.setup();
    let ad = anAdminAd({ title: 'Brush Pack Pro', category: 'banner', totalImpressions: 1200, totalClicks: 30, revenue: 3000 });
    const { calls } = renderAdmin({
      'GET /api/admin/ads': () => json([ad]),
      'PATCH /api/ads/41': ({ body }) => {
        ad = { ...ad, isActive: (body as { isActive: boolean }).isActive };
        return json(ad);
      },
    });
    const table = await screen.findByRole('table', { name: 'Ads' });
    expect(screen.queryByRole('list', { name: 'Ads' })).not.toBeInTheDocument();
    expect(headers(table)).toEqual(['Ad', 'Status', 'Impressions', 'Clicks', 'Earned', 'Budget', 'Per click', 'Action']);
    const row = within(table).getByRole('row', { name: 'Brush Pack Pro' });
    const cells = within(row).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(1, 5)).toEqual(['Active', '1,200', '30', '$30.00']);
    expect(cells[0]).toContain('Inkwell Studio');

    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
    expect(calls('PATCH /api/ads/41')[0].body).toEqual({ isActive: false });
  });

  it('shows withdrawals as a table with Approve and Reject only on the pending row', async () => {
    desktop();
    const user = userEvent.setup();
    const done = anAdminWithdrawal({ id: 11, status: 'completed', user: { id: 6, username: 'ana', displayName: 'Ana Lee', email: 'ana@example.com' } });
    renderAdmin({ 'GET /api/admin/withdrawals': () => json([anAdminWithdrawal({ id: 12, amount: 2030, netAmount: 1979 }), done]) });
    await openTab(user, 'Withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    expect(headers(table)).toEqual(['User', 'Amount', 'Net', 'Method', 'Status', 'Requested', 'Notes', 'Decision']);
    const pending = within(table).getByRole('row', { name: 'Withdrawal by Eli Earns of $20.30' });
    expect(within(pending).getAllByRole('cell').map((td) => td.textContent).slice(1, 5)).toEqual(['$20.30', '$19.79', 'Bank Transfer', 'pending']);
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const decided = within(table).getByRole('row', { name: /Ana Lee/ });
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows the users as a table', async () => {
    desktop();
    const user = userEvent.setup();
    renderAdmin({ 'GET /api/admin/users': () => json([anAdminUser()]) });
    await openTab(user, 'Users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(headers(table)).toEqual(['User', 'Email', 'Role', 'Status', 'Followers', 'Following', 'Posts', 'Joined']);
    const leo = within(table).getByRole('row', { name: 'Leo Park' });
    expect(within(leo).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'Leo Park@leo', // the name and the username (the avatar's initial is drawn by CSS)
      'leo@example.com',
      'User',
      'Online',
      '10',
      '4',
      '7',
      'Jan 15, 2026',
    ]);
  });
});
