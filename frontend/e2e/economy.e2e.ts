//! The creator economy in the browser (issue 23, slice 1): a creator posts; a fan opens the post
//! on a phone and tips $5 with a message ('Support', the amount, the message, the confirmation);
//! the creator, on a laptop, finds on /earnings $4.50 in tips (the default 10 % fee kept: $0.50),
//! the tip under 'Recent sales and tips', the chart's label saying so, and can now ask for a
//! payout. axe checks the tip dialog's two steps and the earnings page. Two browser contexts
//! against the real server (global-setup.ts); amounts are this run's new accounts' own, never
//! totals of the shared database.

import { describe, expect, it } from 'vitest';
import { baseUrl, createPost, creator, expectAccessible, fillCard, openEarnings, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { photo } = testFiles({
  photo: ['study.png', gradientPng(240, 160, [234, 88, 12], [79, 70, 229])],
});

describe('tips', () => {
  it("a fan tips $5 on a creator's post; the creator's earnings show $4.50 in tips, the tip, and a payout becomes possible", async () => {
    const maker = creator('econ_maker', 'Mara Maker');
    const fan = creator('econ_fan', 'Finn Fan');
    const caption = `Ember study ${run}`;
    const message = `Wonderful colours ${run}`;

    // The creator, on a laptop: nothing earned yet, so no payout.
    const c = await phone('economy-creator', 'desktop');
    await signUp(c.page, maker);
    await openEarnings(c.page);
    await c.page.getByRole('img', { name: 'Sales and tips over the last 30 days: $0.00 in sales, $0.00 in tips' }).waitFor({ timeout: 20_000 });
    await c.page.getByText('No sales or tips yet').waitFor();
    expect(await c.page.getByRole('button', { name: 'Request Withdrawal' }).isDisabled()).toBe(true);

    const postId = await createPost(c.page, maker, photo, caption);
    // No 'Support' on your own post, nor on your own profile.
    await c.page.goto(`${baseUrl}/p/${postId}`);
    const ownCard = c.page.getByRole('article', { name: `Post by ${maker.displayName}` });
    await ownCard.getByRole('button', { name: 'Share' }).waitFor({ timeout: 20_000 });
    expect(await ownCard.getByRole('button', { name: 'Support' }).count()).toBe(0);
    await c.page.goto(`${baseUrl}/profile/${maker.username}`);
    await c.page.getByRole('link', { name: 'Earnings' }).waitFor({ timeout: 20_000 });
    expect(await c.page.getByRole('button', { name: 'Support' }).count()).toBe(0);

    // The fan, on a phone, opens the post and supports its creator.
    const f = await phone('economy-fan');
    await signUp(f.page, fan);
    await f.page.goto(`${baseUrl}/p/${postId}`);
    await f.page.getByRole('heading', { name: `Post by ${maker.displayName}` }).waitFor({ timeout: 20_000 });
    await f.page.getByRole('article', { name: `Post by ${maker.displayName}` }).getByRole('button', { name: 'Support' }).click();
    const dialog = f.page.getByRole('dialog', { name: `Support ${maker.displayName}` });
    await dialog.waitFor();

    // An amount out of range is refused in the browser.
    await dialog.getByText('Other', { exact: true }).click();
    await dialog.getByLabel('Amount in dollars').fill('600');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Tips are between $1.00 and $500.00', { exact: true }).waitFor();

    await dialog.getByText('$5', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: '$5' }).isChecked()).toBe(true);
    await dialog.getByLabel('Message (optional)').fill(message);
    await dialog.getByText(`${message.length}/200`).waitFor();
    await expectAccessible(f.page, 'phone: tip dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`Send $5.00 to ${maker.displayName}?`, { exact: true }).waitFor();
    await expectAccessible(f.page, 'phone: tip confirmation');
    // A declined test card charges nothing and says so; the card that pays goes through.
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').getByText('Your card was declined.', { exact: true }).waitFor({ timeout: 15_000 });
    await fillCard(dialog);
    const [answer] = await Promise.all([
      f.page.waitForResponse((res) => res.url().endsWith('/api/tips') && res.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Confirm' }).click(),
    ]);
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.request().postDataJSON()).toEqual({
      toUserId: expect.any(Number),
      amount: 500,
      postId,
      message,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    await toast(f.page, `Thanks for supporting ${maker.displayName}!`);
    await dialog.waitFor({ state: 'detached' });

    // The fan's own record: 'Tips you sent' on their earnings page (the declined card sent nothing).
    await openEarnings(f.page);
    const sent = f.page.getByRole('region', { name: 'Tips you sent' });
    await sent.getByRole('listitem', { name: `Tip to ${maker.displayName}: $5.00` }).waitFor({ timeout: 20_000 });
    expect(await sent.getByRole('listitem').count()).toBe(1);

    // Their profile has 'Support' beside Follow and Message too.
    await f.page.goto(`${baseUrl}/profile/${maker.username}`);
    await f.page.getByRole('button', { name: 'Message' }).waitFor({ timeout: 20_000 });
    await f.page.getByRole('button', { name: 'Support' }).waitFor();

    // The creator's earnings: $4.50 of tips after the 10 % fee, in the totals, the chart's label and the list.
    await openEarnings(c.page);
    const tips = c.page.getByRole('listitem', { name: 'Tips', exact: true });
    await expect.poll(() => tips.innerText(), { timeout: 20_000 }).toContain('$4.50');
    expect(await c.page.getByRole('listitem', { name: 'Platform fees', exact: true }).innerText()).toContain('$0.50');
    expect(await c.page.getByRole('listitem', { name: 'Sales', exact: true }).innerText()).toContain('$0.00');
    const chart = c.page.getByRole('img', { name: 'Sales and tips over the last 30 days: $0.00 in sales, $4.50 in tips' });
    await chart.waitFor();
    // The chart's library arrives in its own chunk and draws on a canvas.
    await chart.locator('canvas').waitFor();
    const row = c.page
      .getByRole('list', { name: 'Recent sales and tips' })
      .getByRole('listitem', { name: `Tip from ${fan.displayName}: $4.50` });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(message);
    expect(text).toContain('+$4.50');
    expect(text).toContain('fee $0.50');
    expect(await row.getByRole('link', { name: 'on your post' }).getAttribute('href')).toBe(`/p/${postId}`);
    await expectAccessible(c.page, 'desktop: earnings with a tip');

    // The tip is available to withdraw.
    await expect.poll(() => c.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$4.50');
    const request = c.page.getByRole('button', { name: 'Request Withdrawal' });
    expect(await request.isEnabled()).toBe(true);
    await request.click();
    const payout = c.page.getByRole('dialog', { name: 'Request Withdrawal' });
    await payout.getByLabel('Amount (USD)').fill('4.50');
    await payout.getByRole('combobox', { name: 'Payment Method' }).selectOption('paypal');
    await payout.getByLabel('PayPal Email').fill(`${maker.username}@example.com`);
    await payout.getByRole('button', { name: 'Submit Request' }).click();
    await toast(c.page, 'Withdrawal requested');
    await expect.poll(() => c.page.getByRole('listitem', { name: 'Pending' }).innerText()).toContain('$4.50');
    expect(await c.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$0.00');
  });
});
