//! The installable app (issue 21): the page links a web app manifest with the app's name,
//! colours and icons, and the icons are real PNGs of their stated sizes; the service worker
//! registers and controls the page, and once it has, a signed-in creator who goes offline and
//! reloads gets the app shell with 'You're offline' instead of the browser's error page; back
//! online the banner goes. Runs against the real server started by global-setup.ts (with
//! ATELIER_E2E_WEB, this checkout's build: the worker's own requests are routed too).
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, mainNavigation, phones, signIn } from './flows';

const phone = phones();

const DEMO_MAYA = { username: 'maya', email: 'maya@atelier.test', password: 'atelier-demo' };
const OFFLINE_TEXT = "You're offline";

/** What a GET of `path` from the page answers: status, content type and the first bytes. */
async function fetchFromPage(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { cache: 'no-store' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type') ?? '', head: Array.from(bytes.slice(0, 24)), text: new TextDecoder().decode(bytes) };
  }, path);
}

/** A PNG's size from its IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(head: number[]): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => head[i] === byte)) return null;
  const word = (at: number) => ((head[at] << 24) | (head[at + 1] << 16) | (head[at + 2] << 8) | head[at + 3]) >>> 0;
  return { width: word(16), height: word(20) };
}

/**
 * Takes the app's origin off the network as a phone losing its signal would: the browser's own
 * offline mode, and every request to the origin refused (so no test route can still answer).
 */
async function setOffline(context: BrowserContext, offline: boolean, state: { offline: boolean }) {
  state.offline = offline;
  await context.setOffline(offline);
}

function offlineBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
}

describe('installable app', () => {
  it('links a manifest with the name, colours and icons, and each icon is a PNG of its size', async () => {
    const { page } = await phone('pwa-manifest');
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });

    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#09090b');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();

    const answer = await fetchFromPage(page, href!);
    expect(answer.status).toBe(200);
    const manifest = JSON.parse(answer.text) as Record<string, unknown> & { icons: Array<Record<string, string>> };
    expect(manifest).toMatchObject({
      name: 'Atelier',
      short_name: 'Atelier',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#09090b',
      background_color: '#09090b',
    });
    expect(typeof manifest.description).toBe('string');
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const icons = [...manifest.icons.map(({ src, sizes }) => ({ src, sizes })), { src: appleIcon!, sizes: '180x180' }];
    for (const { src, sizes } of icons) {
      const icon = await fetchFromPage(page, src);
      expect(icon.status, src).toBe(200);
      expect(icon.type, src).toMatch(/^image\/png/);
      const size = pngSize(icon.head);
      expect(size && `${size.width}x${size.height}`, src).toBe(sizes);
    }
  });

  it("starts signed in offline once the worker controls the page, says 'You're offline', and drops it back online", async () => {
    const { context, page } = await phone('pwa-offline');
    const network = { offline: false };
    // Added after local-web.ts's route, so it is asked first: nothing of the origin answers offline.
    await context.route(
      (url) => url.origin === new URL(baseUrl).origin,
      (route) => (network.offline ? route.abort('internetdisconnected') : route.fallback()),
    );
    await signIn(page, DEMO_MAYA);

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.reload();
    await mainNavigation(page).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`);
    await expect.poll(() => offlineBanner(page).count()).toBe(0);

    await setOffline(context, true, network);
    await page.reload();
    await mainNavigation(page).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor({ timeout: 15_000 });
    await offlineBanner(page).waitFor({ timeout: 10_000 });
    expect(await page.title()).toBe('Atelier');

    // axe finds nothing serious in the banner (its contrast included); a11y.e2e.ts covers the rest online.
    const axe = await new AxeBuilder({ page }).include('[data-offline-banner]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(axe.passes.map((v) => v.id)).toContain('color-contrast');

    // The banner sits above the page, not over the tab bar.
    const banner = await offlineBanner(page).boundingBox();
    const tabs = await mainNavigation(page).boundingBox();
    expect(banner && tabs && banner.y + banner.height <= tabs.y).toBe(true);

    await setOffline(context, false, network);
    await offlineBanner(page).waitFor({ state: 'detached', timeout: 10_000 });
    await mainNavigation(page).waitFor();
  });
});
