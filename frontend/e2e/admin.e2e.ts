//! The admin area in the browser (issue 10): the demo admin creates a banner ad on /admin and
//! finds it served on the home banner; a creator credited through the CLI asks for a payout on
//! /earnings, the admin approves it on /admin and the creator then sees it completed; a member
//! who is not an admin has no Admin tab and meets Access Denied on /admin. Runs against the real
//! server started by global-setup.ts (seeded with `--demo`, so the admin exists).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, creditUser, DEMO_ADMIN, phones, run, signIn, signUp, toast } from './flows';

const phone = phones();

async function openAdmin(page: Page) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
}

describe('admin: ads', () => {
  it('creates a banner ad that is then served on the home banner', async () => {
    const { page } = await phone('admin-ads');
    await signIn(page, DEMO_ADMIN);
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
    const ctr = page.getByRole('listitem', { name: 'Click-Through Rate' });
    await expect.poll(() => ctr.innerText()).toMatch(/\d+\.\d{2}%/);
    await page.getByRole('listitem', { name: 'Total Revenue' }).getByText(/^\$[\d,]+\.\d{2}$/).waitFor();

    // A picture the server already stores (a seeded banner's), so nothing leaves the machine.
    const served = (await page.evaluate(() => fetch('/api/ads/banner').then((r) => r.json()))) as Array<{ imageUrl: string }>;
    expect(served.length).toBeGreaterThan(0);
    const imageUrl = served[0].imageUrl;
    const title = `E2E Banner ${run}`;

    await page.getByRole('button', { name: 'Create Ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ad' });
    expect(await dialog.getByLabel('Category').inputValue()).toBe('feed');
    expect(await dialog.getByLabel('Budget ($)').inputValue()).toBe('10.00');
    expect(await dialog.getByLabel('Cost per Click ($)').inputValue()).toBe('1.00');
    // The rules are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Title is required', { exact: true }).waitFor();
    await dialog.getByText('Advertiser name is required', { exact: true }).waitFor();

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description (optional)').fill('Made by the admin e2e test');
    await dialog.getByLabel('Image URL').fill(imageUrl);
    await dialog.getByLabel('Target URL').fill('https://example.com/e2e-banner');
    await dialog.getByLabel('Advertiser Name').fill('E2E Advertiser');
    await dialog.getByLabel('Category').selectOption('banner');
    await dialog.getByLabel('Budget ($)').fill('20');
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await toast(page, 'Ad created successfully!');
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('list', { name: 'Ads' }).getByRole('listitem', { name: title });
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain('E2E Advertiser');
    expect(text).toContain('Active');
    expect(text).toContain('$0.00');
    expect(text).toContain('Budget $20.00');

    // Served at once: the banner placement lists it…
    await expect
      .poll(async () => ((await page.evaluate(() => fetch('/api/ads/banner').then((r) => r.json()))) as Array<{ title: string }>).map((a) => a.title))
      .toContain(title);
    // …and the home banner shows it once the rotation (least shown first) reaches it: each visit
    // counts an impression for the banner it shows.
    let shown = false;
    for (let visit = 0; visit < 12 && !shown; visit++) {
      const impression = page.waitForResponse((res) => /\/api\/ads\/\d+\/interaction$/.test(res.url()), { timeout: 10_000 }).catch(() => null);
      await page.goto(baseUrl);
      const banner = page.getByRole('complementary', { name: 'Sponsored', exact: true });
      await banner.waitFor({ timeout: 20_000 });
      shown = (await banner.getByRole('img').getAttribute('alt')) === title;
      await impression;
    }
    expect(shown).toBe(true);
    await page.getByRole('complementary', { name: 'Sponsored', exact: true }).getByText('E2E Advertiser').waitFor();

    // Paused, it is no longer served.
    await openAdmin(page);
    const again = page.getByRole('list', { name: 'Ads' }).getByRole('listitem', { name: title });
    await again.getByRole('button', { name: 'Pause' }).click();
    await again.getByText('Inactive', { exact: true }).waitFor();
    await again.getByRole('button', { name: 'Resume' }).waitFor();
    await expect
      .poll(async () => ((await page.evaluate(() => fetch('/api/ads/banner').then((r) => r.json()))) as Array<{ title: string }>).map((a) => a.title))
      .not.toContain(title);
  });
});

describe('admin: withdrawals', () => {
  it("approves a creator's payout, which the creator then sees completed", async () => {
    const maker = await phone('admin-payout-creator');
    const who = creator('payee', 'Wendy Withdraws');
    await signUp(maker.page, who);
    await creditUser(who.username, 5000);
    await maker.page.goto(`${baseUrl}/earnings`);
    await expect.poll(() => maker.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$50.00');
    await maker.page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const form = maker.page.getByRole('dialog', { name: 'Request Withdrawal' });
    await form.getByLabel('Amount (USD)').fill('20.30');
    await form.getByRole('combobox', { name: 'Payment Method' }).selectOption('paypal');
    await form.getByLabel('PayPal Email').fill(`${who.username}@example.com`);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await toast(maker.page, 'Withdrawal requested');
    const mine = maker.page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem', { name: 'Withdrawal of $20.30' });
    await mine.waitFor();
    expect((await mine.innerText()).toLowerCase()).toContain('pending');

    const boss = await phone('admin-payout-admin');
    await signIn(boss.page, DEMO_ADMIN);
    await openAdmin(boss.page);
    await boss.page.getByRole('tab', { name: 'Withdrawals' }).click();
    const pendingTile = boss.page.getByRole('listitem', { name: 'Pending Requests' });
    await pendingTile.getByText(/^\d+$/).waitFor({ timeout: 20_000 });
    const pendingBefore = Number(await pendingTile.getByText(/^\d+$/).innerText());
    expect(pendingBefore).toBeGreaterThanOrEqual(1);
    await boss.page.getByLabel('Status', { exact: true }).selectOption('pending');
    const row = boss.page
      .getByRole('list', { name: 'Withdrawal requests' })
      .getByRole('listitem', { name: `Withdrawal by ${who.displayName} of $20.30` });
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain(`@${who.username}`);
    expect(text).toContain('$19.79');
    expect(text).toContain('PayPal');
    expect(text.toLowerCase()).toContain('pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    // Asked first (issues 39, 42): the payout's amount, method and account, then Approve payout;
    // the demo server's test provider makes it a test payout.
    const confirm = boss.page.getByRole('dialog', { name: `Approve withdrawal of $20.30 to @${who.username}?` });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('$20.30');
    expect(await confirm.innerText()).toContain('PayPal');
    expect(await confirm.innerText()).toContain('Test payout — no money sent');
    await confirm.getByRole('button', { name: 'Approve payout' }).click();
    await toast(boss.page, 'Withdrawal updated successfully!');
    // One fewer pending request than before (the server is shared: compared, not counted).
    await expect.poll(async () => Number(await pendingTile.getByText(/^\d+$/).innerText())).toBe(pendingBefore - 1);
    // Decided, it leaves the pending filter; under every status it reads completed, no buttons.
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await boss.page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    const decided = boss.page
      .getByRole('list', { name: 'Withdrawal requests' })
      .getByRole('listitem', { name: `Withdrawal by ${who.displayName} of $20.30` });
    await decided.getByText('completed', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await decided.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await boss.page.getByRole('list', { name: 'Audit log' }).getByText(/approved withdrawal #\d+/).first().waitFor({ timeout: 20_000 });

    await maker.page.reload();
    const after = maker.page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem', { name: 'Withdrawal of $20.30' });
    await after.waitFor({ timeout: 20_000 });
    await expect.poll(() => after.innerText().then((t) => t.toLowerCase())).toContain('completed');
    expect(await after.innerText()).toContain('Approved and processed');
    await expect.poll(() => maker.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$29.70');
  });
});

describe('admin: access', () => {
  it('shows Access Denied on /admin to a member, who has no Admin tab', async () => {
    const { page } = await phone('admin-denied');
    await signUp(page, creator('nosy', 'Nora Nosy'));
    expect(await page.getByTestId('bottom-nav').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Access Denied', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText("You don't have permission to access the admin panel.", { exact: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByTestId('bottom-nav').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
  });
});
