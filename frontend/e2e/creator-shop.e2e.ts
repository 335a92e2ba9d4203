//! Creators selling their own work in the browser (issue 23, slice 2): a creator lists a print
//! (a physical work, sent as JSON) from 'Sell your work' in the shop; a fan finds it under 'From
//! creators', buys it through the cart, and tips one of the creator's posts; the creator's
//! earnings then show the sale and the tip net of the 10 % fee (in the totals, the chart's label
//! and 'Recent sales and tips'), 'Your sales' shows the sale, and the creator asks for a payout
//! that the seeded admin approves on /admin. axe checks the sell form, the creators' tab and the
//! seller's pages. Digital works (slice 3) are covered by the Vitest suite only
//! (src/app/routes/creator-shop.test.tsx). Amounts are this run's new accounts' own.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkOutCart, creator, createPost, fillCard, DEMO_ADMIN, expectAccessible, openEarnings, phones, run, signIn, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { photo } = testFiles({
  photo: ['harbour.png', gradientPng(240, 240, [14, 116, 144], [234, 179, 8])],
});

async function openShop(page: Page) {
  await page.goto(`${baseUrl}/shop`);
  await page.getByRole('heading', { name: 'Atelier Shop' }).waitFor({ timeout: 20_000 });
}

describe("creators' works", () => {
  it("a creator lists a print; a fan buys it and tips a post; the creator's earnings and sales show both, and an admin approves the payout", async () => {
    const maker = creator('shop_maker', 'Hana Harbour');
    const fan = creator('shop_fan', 'Felix Buys');
    const work = `Harbour Print ${run}`;
    const caption = `Harbour sketch ${run}`;

    // The creator, on a laptop, posts (to be tipped) and lists a print.
    const c = await phone('creator-shop-maker', 'desktop');
    await signUp(c.page, maker);
    const postId = await createPost(c.page, maker, photo, caption);
    await openShop(c.page);
    await c.page.getByRole('button', { name: 'Sell your work' }).click();
    const form = c.page.getByRole('dialog', { name: 'Sell your work' });
    await form.waitFor();
    // Refused in the browser before anything is sent.
    await form.getByRole('button', { name: 'List your work' }).click();
    await form.getByText('Name is required', { exact: true }).waitFor();
    await form.getByText('Choose a picture of your work', { exact: true }).waitFor();

    await form.getByLabel('Picture of your work').setInputFiles(photo);
    await form.getByRole('img', { name: 'Preview of your work' }).waitFor();
    await form.getByLabel('Name', { exact: true }).fill(work);
    await form.getByLabel('Description (optional)').fill('Risograph in two colours, A3');
    await form.getByLabel('Price (USD)').fill('25');
    await form.getByLabel('Category').selectOption('prints');
    expect(await form.getByRole('radio', { name: 'Physical' }).isChecked()).toBe(true);
    await form.getByLabel('Stock', { exact: true }).fill('5');
    await expectAccessible(c.page, 'desktop: sell your work');
    const [listed] = await Promise.all([
      c.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/products' && res.request().method() === 'POST'),
      form.getByRole('button', { name: 'List your work' }).click(),
    ]);
    expect(listed.status()).toBe(201);
    expect(listed.request().postDataJSON()).toMatchObject({ name: work, price: 2500, category: 'prints', kind: 'physical', stock: 5 });
    expect(listed.request().postDataJSON().image).toMatch(/^data:image\/png;base64,/);
    await toast(c.page, 'Listed!');
    await form.waitFor({ state: 'detached' });
    const listing = c.page.getByRole('list', { name: 'Your listings' }).getByRole('listitem', { name: work });
    await listing.waitFor({ timeout: 20_000 });
    expect(await listing.innerText()).toContain('$25.00');

    // The fan, on a phone, finds it under 'From creators' and buys it.
    const f = await phone('creator-shop-fan');
    await signUp(f.page, fan);
    await openShop(f.page);
    await f.page.getByRole('tab', { name: 'From creators' }).click();
    const card = f.page.getByRole('list', { name: "Creators' works" }).getByRole('article', { name: work });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('price').innerText()).toBe('$25.00');
    expect(await card.getByRole('link', { name: maker.displayName }).getAttribute('href')).toBe(`/profile/${maker.username}`);
    await card.getByText('Only 5 left').waitFor();
    await expectAccessible(f.page, "phone: creators' works");
    await card.getByRole('button', { name: `Add to Cart: ${work}` }).click();
    await toast(f.page, 'Added to cart');
    await f.page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = f.page.getByRole('dialog', { name: 'Shopping Cart' });
    await cart.getByRole('button', { name: 'Checkout $25.00' }).waitFor();
    const ordered = await checkOutCart(f.page, '$25.00');
    expect(ordered.status()).toBe(200);
    await toast(f.page, 'Payment successful!');
    await f.page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => card.innerText()).toContain('Only 4 left');

    // …and tips $5 on the creator's post.
    await f.page.goto(`${baseUrl}/p/${postId}`);
    await f.page.getByRole('heading', { name: `Post by ${maker.displayName}` }).waitFor({ timeout: 20_000 });
    await f.page.getByRole('article', { name: `Post by ${maker.displayName}` }).getByRole('button', { name: 'Support' }).click();
    const tip = f.page.getByRole('dialog', { name: `Support ${maker.displayName}` });
    await tip.getByText('$5', { exact: true }).click();
    await tip.getByRole('button', { name: 'Continue' }).click();
    await fillCard(tip);
    await tip.getByRole('button', { name: 'Confirm' }).click();
    await toast(f.page, `Thanks for supporting ${maker.displayName}!`);

    // The creator's earnings: $22.50 of sales and $4.50 of tips, $3.00 kept in fees (10 %).
    await openEarnings(c.page);
    const sales = c.page.getByRole('listitem', { name: 'Sales', exact: true });
    await expect.poll(() => sales.innerText(), { timeout: 20_000 }).toContain('$22.50');
    expect(await c.page.getByRole('listitem', { name: 'Tips', exact: true }).innerText()).toContain('$4.50');
    expect(await c.page.getByRole('listitem', { name: 'Platform fees', exact: true }).innerText()).toContain('$3.00');
    await c.page.getByRole('img', { name: 'Sales and tips over the last 30 days: $22.50 in sales, $4.50 in tips' }).waitFor();
    const credits = c.page.getByRole('list', { name: 'Recent sales and tips' });
    const saleRow = credits.getByRole('listitem', { name: `Sale from ${fan.displayName}: $22.50` });
    await saleRow.waitFor();
    expect(await saleRow.innerText()).toContain(work);
    await credits.getByRole('listitem', { name: `Tip from ${fan.displayName}: $4.50` }).waitFor();
    await expect.poll(() => c.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$27.00');

    // 'Your sales' in the shop.
    await openShop(c.page);
    await c.page.getByRole('tab', { name: 'Your sales' }).click();
    const sold = c.page.getByRole('list', { name: 'Your sales' }).getByRole('listitem', { name: `${work}, bought by ${fan.displayName}` });
    await sold.waitFor({ timeout: 20_000 });
    const soldText = await sold.innerText();
    expect(soldText).toContain('Qty 1');
    expect(soldText).toContain(`@${fan.username}`);
    expect(soldText).toContain('+$22.50');
    expect(soldText).toContain('of $25.00');
    expect(soldText).toContain('fee $2.50');
    await expectAccessible(c.page, 'desktop: your sales');

    // The payout: requested by the creator…
    await openEarnings(c.page);
    await c.page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const payout = c.page.getByRole('dialog', { name: 'Request Withdrawal' });
    await payout.getByLabel('Amount (USD)').fill('27.00');
    await payout.getByRole('combobox', { name: 'Payment Method' }).selectOption('paypal');
    await payout.getByLabel('PayPal Email').fill(`${maker.username}@example.com`);
    await payout.getByRole('button', { name: 'Submit Request' }).click();
    await toast(c.page, 'Withdrawal requested');
    const mine = c.page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem', { name: 'Withdrawal of $27.00' });
    await mine.waitFor({ timeout: 20_000 });
    expect((await mine.innerText()).toLowerCase()).toContain('pending');

    // …approved by the admin…
    const boss = await phone('creator-shop-admin');
    await signIn(boss.page, DEMO_ADMIN);
    await boss.page.goto(`${baseUrl}/admin`);
    await boss.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
    await boss.page.getByRole('tab', { name: 'Withdrawals' }).click();
    await boss.page.getByLabel('Status', { exact: true }).selectOption('pending');
    const request = boss.page
      .getByRole('list', { name: 'Withdrawal requests' })
      .getByRole('listitem', { name: `Withdrawal by ${maker.displayName} of $27.00` });
    await request.waitFor({ timeout: 20_000 });
    expect(await request.innerText()).toContain(`@${maker.username}`);
    await request.getByRole('button', { name: 'Approve' }).click();
    await boss.page
      .getByRole('dialog', { name: `Approve withdrawal of $27.00 to @${maker.username}?` })
      .getByRole('button', { name: 'Approve payout' })
      .click();
    await toast(boss.page, 'Withdrawal updated successfully!');
    await request.waitFor({ state: 'detached', timeout: 20_000 });

    // …and completed for the creator.
    await c.page.reload();
    const done = c.page.getByRole('list', { name: 'Withdrawals' }).getByRole('listitem', { name: 'Withdrawal of $27.00' });
    await done.waitFor({ timeout: 20_000 });
    await expect.poll(() => done.innerText().then((t) => t.toLowerCase())).toContain('completed');
    await expect.poll(() => c.page.getByRole('listitem', { name: 'Available Balance' }).innerText()).toContain('$0.00');
  });
});
