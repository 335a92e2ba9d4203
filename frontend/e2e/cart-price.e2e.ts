//! The price a buyer sees is the price charged (issue 39): a fan adds a creator's print to the
//! cart at $1.00, the creator then asks $45.00, and the fan's cart, opened, takes the server's
//! price and says so ('The price of … changed to $45.00'); checkout sends that price and is
//! charged it. (Without the refresh the order would carry $1.00 and be refused with 409.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkOutCart, creator, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { photo } = testFiles({
  photo: ['signed-print.png', gradientPng(200, 200, [120, 40, 90], [250, 200, 120])],
});

async function openShop(page: Page) {
  await page.goto(`${baseUrl}/shop`);
  await page.getByRole('heading', { name: 'Atelier Shop' }).waitFor({ timeout: 20_000 });
}

describe("the cart's prices", () => {
  it('a price changed after Add to Cart shows when the cart opens, and checkout pays the new price', async () => {
    const maker = creator('price_maker', 'Pia Prints');
    const fan = creator('price_fan', 'Finn Buys');
    const work = `Signed print ${run}`;

    // The creator lists a print at $1.00.
    const c = await phone('cart-price-maker', 'desktop');
    await signUp(c.page, maker);
    await openShop(c.page);
    await c.page.getByRole('button', { name: 'Sell your work' }).click();
    const form = c.page.getByRole('dialog', { name: 'Sell your work' });
    await form.waitFor();
    await form.getByLabel('Picture of your work').setInputFiles(photo);
    await form.getByRole('img', { name: 'Preview of your work' }).waitFor();
    await form.getByLabel('Name', { exact: true }).fill(work);
    await form.getByLabel('Price (USD)').fill('1');
    await form.getByLabel('Category').selectOption('prints');
    await form.getByLabel('Stock', { exact: true }).fill('5');
    await form.getByRole('button', { name: 'List your work' }).click();
    await toast(c.page, 'Listed!');
    const listing = c.page.getByRole('list', { name: 'Your listings' }).getByRole('listitem', { name: work });
    await listing.waitFor({ timeout: 20_000 });

    // The fan adds it to the cart at $1.00.
    const f = await phone('cart-price-fan');
    await signUp(f.page, fan);
    await openShop(f.page);
    await f.page.getByRole('tab', { name: 'From creators' }).click();
    const card = f.page.getByRole('list', { name: "Creators' works" }).getByRole('article', { name: work });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('price').innerText()).toBe('$1.00');
    await card.getByRole('button', { name: `Add to Cart: ${work}` }).click();
    await toast(f.page, 'Added to cart');

    // The creator asks $45.00 now.
    await listing.getByRole('button', { name: `Edit ${work}` }).click();
    const edit = c.page.getByRole('dialog', { name: `Edit ${work}` });
    await edit.getByLabel('Price (USD)').fill('45');
    const [changed] = await Promise.all([
      c.page.waitForResponse((res) => /\/api\/products\/\d+$/.test(new URL(res.url()).pathname) && res.request().method() === 'PATCH'),
      edit.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(changed.status()).toBe(200);

    // The fan opens the cart: the new price, and which line changed.
    await f.page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = f.page.getByRole('dialog', { name: 'Shopping Cart' });
    await cart.getByText(`The price of ${work} changed to $45.00`).waitFor({ timeout: 10_000 });
    await cart.getByTestId('cart-total').filter({ hasText: '$45.00' }).waitFor();
    const [opened] = await Promise.all([
      f.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/checkouts' && res.request().method() === 'POST'),
      checkOutCart(f.page, '$45.00'),
    ]);
    expect(opened.request().postDataJSON()).toMatchObject({ lines: [{ quantity: 1, expectedUnitPrice: 4500 }] });
    expect(opened.status()).toBe(201);
    expect(await opened.json()).toMatchObject({ total: 4500, lines: [{ unitPrice: 4500, total: 4500 }] });
    await toast(f.page, 'Payment successful!');
  });
});
