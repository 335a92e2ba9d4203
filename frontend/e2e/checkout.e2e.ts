//! The checkout in the browser (issue 42), at 390 px through the cart's dialog and at 1280 px
//! through the checkout page (/checkout): a fan buys a creator's print with an address typed at
//! the shipping step, sees 'Payment successful!' and the receipt, and finds the order in
//! Settings › Orders with that address and its total; a declined card (4000 0000 0000 0002) says
//! 'Your card was declined.' and charges nothing (no paid order, the stock on the work's card as it
//! was); two buyers review the print (stars and text) and its card shows the new average and count. Each test lists
//! its own print, so its stock, orders and reviews are the test's own. Runs against the real
//! server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, checkOutCart, checkoutStep, creator, expectAccessible, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { photo } = testFiles({
  photo: ['print.png', gradientPng(240, 240, [190, 24, 93], [30, 64, 175])],
});

/** A new creator, on a laptop, lists a physical print: `price` dollars, `stock` of it. Answers its name. */
async function listPrint(tag: string, price: string, stock: number): Promise<string> {
  const name = `Quay Print ${tag} ${run}`;
  const { page } = await phone(`checkout-${tag}-seller`, 'desktop');
  await signUp(page, creator(`ck_${tag}_s`, 'Cora Prints'));
  await page.goto(`${baseUrl}/shop`);
  await page.getByRole('button', { name: 'Sell your work' }).click();
  const form = page.getByRole('dialog', { name: 'Sell your work' });
  await form.waitFor();
  await form.getByLabel('Picture of your work').setInputFiles(photo);
  await form.getByRole('img', { name: 'Preview of your work' }).waitFor();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price (USD)').fill(price);
  await form.getByLabel('Category').selectOption('prints');
  await form.getByLabel('Stock', { exact: true }).fill(String(stock));
  await form.getByRole('button', { name: 'List your work' }).click();
  await toast(page, 'Listed!');
  await form.waitFor({ state: 'detached' });
  return name;
}

/** A new fan on `screen`, signed up. */
async function fan(tag: string, screen: Screen, displayName: string): Promise<Page> {
  const { page } = await phone(`checkout-${tag}-fan`, screen);
  await signUp(page, creator(`ck_${tag}_f`, displayName));
  return page;
}

/** The print's card under the shop's 'From creators', as the page loads it now. */
async function printCard(page: Page, name: string): Promise<Locator> {
  await page.goto(`${baseUrl}/shop?tab=creators`);
  const card = page.getByRole('list', { name: "Creators' works" }).getByRole('article', { name });
  await card.waitFor({ timeout: 20_000 });
  return card;
}

/** Adds the print to the cart from its card and opens the cart. */
async function openCartWith(page: Page, name: string) {
  const card = await printCard(page, name);
  await card.getByRole('button', { name: `Add to Cart: ${name}` }).click();
  await toast(page, 'Added to cart');
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Shopping Cart' }).waitFor();
}

describe.each<Screen>(['phone', 'desktop'])('the checkout on the %s screen', (screen) => {
  const s = screen === 'phone' ? 'p' : 'd';
  /** Where the steps show: the cart's dialog on a phone, the checkout page on a desktop. */
  const expectedPath = screen === 'phone' ? '/shop' : '/checkout';

  it('buys a print with an address typed at shipping, shows the receipt, and lists the order in Settings › Orders with its address and total', async () => {
    const print = await listPrint(`b${s}`, '30', 5);
    const page = await fan(`b${s}`, screen, 'Bea Buyer');
    await openCartWith(page, print);

    const address = { name: 'Bea Buyer', line1: '7 Quay Street', city: 'Galway', postalCode: 'H91 XK2', country: 'IE' };
    const paid = await checkOutCart(page, '$30.00', '4242 4242 4242 4242', address);
    expect(paid.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(expectedPath);
    const receipt = checkoutStep(page, 'Order placed');
    await receipt.getByText('Payment successful!').waitFor({ timeout: 15_000 });
    const shipsTo = await receipt.locator('address').innerText();
    for (const part of ['Bea Buyer', '7 Quay Street', 'H91 XK2 Galway', 'IE']) expect(shipsTo).toContain(part);
    expect(await receipt.getByLabel('Order total').innerText()).toMatch(/Total\s+\$30\.00/);
    await expectAccessible(page, `${screen}: the checkout's receipt`);

    // The receipt's page, then the same order in Settings › Orders.
    await receipt.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const receiptPath = new URL(page.url()).pathname;
    await page.goto(`${baseUrl}/settings/orders`);
    const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('link');
    await orders.first().waitFor({ timeout: 20_000 });
    expect(await orders.count()).toBe(1);
    expect(await orders.first().getAttribute('aria-label')).toMatch(/^Order #\d+, .+, Paid, \$30\.00$/);
    expect(await orders.first().innerText()).toContain(print);
    await orders.first().click();
    await page.waitForURL((url) => url.pathname === receiptPath);
    const shipping = page.getByRole('region', { name: 'Shipping to' });
    await shipping.waitFor({ timeout: 20_000 });
    for (const part of ['Bea Buyer', '7 Quay Street', 'Galway', 'H91 XK2', 'IE']) expect(await shipping.innerText()).toContain(part);
    expect(await page.getByRole('region', { name: 'Summary' }).innerText()).toMatch(/Total\s+\$30\.00/);

    // One of five was sold.
    await (await printCard(page, print)).getByText('Only 4 left').waitFor();
  });

  it("says 'Your card was declined.' for a declined card and charges nothing: no paid order, the stock unchanged", async () => {
    const print = await listPrint(`d${s}`, '20', 5);
    const page = await fan(`d${s}`, screen, 'Dan Declined');
    await (await printCard(page, print)).getByText('Only 5 left').waitFor();
    await openCartWith(page, print);

    const declined = await checkOutCart(page, '$20.00', '4000 0000 0000 0002');
    expect(declined.status()).toBe(402);
    const payment = checkoutStep(page, 'Payment');
    await payment.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(expectedPath);
    expect(await page.getByText('Payment successful!').count()).toBe(0);
    if (screen === 'desktop') {
      // The order summary beside the steps still holds the print.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      expect(await summary.getByRole('listitem', { name: print }).innerText()).toContain('$20.00');
      expect((await summary.boundingBox())!.x).toBeGreaterThan((await payment.boundingBox())!.x + (await payment.boundingBox())!.width - 1);
    }
    await expectAccessible(page, `${screen}: the checkout, a declined card`);

    // Nothing charged: a declined attempt is not an order, and the five are all there.
    await page.goto(`${baseUrl}/settings/orders`);
    await page.getByText('No orders yet').waitFor({ timeout: 20_000 });
    const card = await printCard(page, print);
    await card.getByText('Only 5 left').waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
  });

  it("shows a buyer's review on the print's reviews, with the new average and count on its card", async () => {
    const print = await listPrint(`r${s}`, '12', 5);
    // Two buyers, each reviews what they bought: 5 stars, then 4.
    let page: Page | null = null;
    for (const [tag, who, stars, text] of [
      [`r${s}a`, 'Rae Reviews', 5, 'Deep blues, heavy paper.'],
      [`r${s}b`, 'Rob Reviews', 4, 'Lovely, a little smaller than I hoped.'],
    ] as const) {
      page = await fan(tag, screen, who);
      await openCartWith(page, print);
      expect((await checkOutCart(page, '$12.00')).status()).toBe(200);
      await checkoutStep(page, 'Order placed').getByText('Payment successful!').waitFor({ timeout: 15_000 });

      const card = await printCard(page, print);
      const before = stars === 5 ? 'No reviews yet' : '5.0 out of 5 · 1 review';
      await card.getByRole('button', { name: `Reviews of ${print}: ${before}` }).click();
      const dialog = page.getByRole('dialog', { name: `Reviews of ${print}` });
      const form = dialog.getByRole('form', { name: 'Write a review' });
      await form.waitFor({ timeout: 15_000 });
      await form.getByRole('radio', { name: `${stars} stars` }).check();
      await form.getByLabel('Your review (optional)').fill(text);
      await form.getByRole('button', { name: 'Post review' }).click();
      await dialog.getByRole('region', { name: 'Your review' }).getByText(text).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    // Both reviews show, newest first, and the card's 4.5 from 2.
    const card = await printCard(page!, print);
    const summary = card.getByRole('button', { name: `Reviews of ${print}: 4.5 out of 5 · 2 reviews` });
    expect(await summary.innerText()).toBe('4.5 out of 5 · 2 reviews');
    await summary.click();
    const dialog = page!.getByRole('dialog', { name: `Reviews of ${print}` });
    const reviews = dialog.getByRole('list', { name: 'Reviews' }).getByRole('article');
    await reviews.first().waitFor({ timeout: 15_000 });
    expect(await reviews.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual([
      `Review by ck_r${s}b_f_${run}`,
      `Review by ck_r${s}a_f_${run}`,
    ]);
    await reviews.first().getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    await reviews.first().getByText('Lovely, a little smaller than I hoped.').waitFor();
    await reviews.nth(1).getByRole('img', { name: 'Rated 5 out of 5' }).waitFor();
    await expectAccessible(page!, `${screen}: a print's reviews`);
  });
});
