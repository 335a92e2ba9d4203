//! The README's screenshots (`npm run screenshots`, ATELIER_BIN set as for the browser tests):
//! the demo creator maya's home, chat and shop on a phone (390×844) and her home and chat and the
//! admin's dashboard on a laptop (1280×800), written to docs/screenshots/ as WebP (encoded by
//! Chromium itself, so each stays well under 200 KB). Not part of `npm run e2e`: the pictures
//! change only when someone means them to.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, DEMO_ADMIN, phones, showGallery, signIn } from './flows';

const phone = phones();
const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const MAYA = { username: 'maya', email: 'maya@atelier.test', password: 'atelier-demo' };
const MAX_BYTES = 200 * 1024;

/** Waits until nothing is loading and every image on screen has arrived. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect
    .poll(() => page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]').count())
    .toBe(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
          })
          .every((img) => img.complete),
      ),
    )
    .toBe(true);
}

/** Saves the viewport as docs/screenshots/{name}.webp, encoded by a blank page's canvas. */
async function save(page: Page, name: string) {
  await settle(page);
  const png = await page.screenshot({ animations: 'disabled' });
  const blank = await page.context().newPage();
  const webp = await blank.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
    const out = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of out) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, png.toString('base64'));
  await blank.close();
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${name}.webp`);
  writeFileSync(file, Buffer.from(webp, 'base64'));
  expect(statSync(file).size).toBeLessThan(MAX_BYTES);
}

async function home(page: Page) {
  await page.goto(baseUrl);
  await showGallery(page);
  await page.getByRole('main').getByRole('article').first().waitFor({ timeout: 20_000 });
}

/** Maya's first conversation, open. */
async function chat(page: Page) {
  await page.goto(`${baseUrl}/chat`);
  await page.getByRole('navigation', { name: 'Conversations' }).locator('a[href^="/chat/"]').first().click();
  await page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
}

describe.each<Screen>(['phone', 'desktop'])('screenshots on the %s screen', (screen) => {
  it("maya's home and chat", async () => {
    const { page } = await phone(`shots-${screen}-maya`, screen);
    await signIn(page, MAYA);
    await home(page);
    await save(page, `${screen}-home`);
    await chat(page);
    await save(page, `${screen}-chat`);
    if (screen === 'phone') {
      await page.goto(`${baseUrl}/shop`);
      await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor({ timeout: 20_000 });
      await save(page, 'phone-shop');
    }
  });
});

describe('screenshots of the admin', () => {
  it("the dashboard's tables on a laptop", async () => {
    const { page } = await phone('shots-desktop-admin', 'desktop');
    await signIn(page, DEMO_ADMIN);
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('table', { name: 'Ads' }).waitFor({ timeout: 20_000 });
    await save(page, 'desktop-admin');
  });
});
