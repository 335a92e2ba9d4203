//! Steps the browser tests share: unique creator names for this run, signing up through the
//! landing page, waiting for a toast, phones that close after each test, posting a photo, a
//! page's axe check, and opening earnings.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, afterEach, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPhone, type PhoneSession, type Screen } from './browser';

export const baseUrl = inject('baseUrl');
const atelierBin = inject('atelierBin');
const databaseUrl = inject('databaseUrl');
const mediaStore = inject('mediaStore');
const runFile = promisify(execFile);
/** Tells this run's accounts and captions apart from earlier runs' on the same server. */
export const run = Date.now().toString(36);

export interface Creator {
  username: string;
  displayName: string;
}

export function creator(tag: string, displayName: string): Creator {
  return { username: `${tag}_${run}`, displayName };
}

/** Signs up through the landing page of `serverUrl` (the shared server unless a test runs its own). */
export async function signUp(page: Page, who: Creator, serverUrl: string = baseUrl) {
  await page.goto(serverUrl);
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Email', { exact: true }).fill(`${who.username}@example.com`);
  await page.getByLabel(/Display Name/).fill(who.displayName);
  await page.getByLabel('Password', { exact: true }).fill('secret-e2e-1');
  await page.getByLabel('Confirm Password').fill('secret-e2e-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await mainNavigation(page).waitFor({ timeout: 20_000 });
  await pastFirstRun(page);
}

/** The first run's steps (issue 41), in order. */
export const FIRST_RUN_STEPS = ['Add a profile picture and bio', 'What do you make?', 'People to follow'];

/**
 * A new account starts on the first run (/welcome); 'Skip' through its three steps ends it on the
 * server, so the account is never sent there again, and comes back Home. Does nothing elsewhere.
 */
export async function pastFirstRun(page: Page) {
  if ((await page.evaluate(() => window.location.pathname)) !== '/welcome') return;
  for (const step of FIRST_RUN_STEPS) {
    await page.getByRole('heading', { level: 1, name: step }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
  }
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
}

/**
 * The app's navigation as shown: the bottom bar on a phone, the side navigation from 1024 px
 * (the other one is hidden, so it is not in the accessibility tree).
 */
export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Waits for Home's gallery. Someone who follows nobody (issue 41) sees 'People to follow' in its
 * place first: 'Browse everyone's posts' shows it.
 */
export async function showGallery(page: Page, timeout = 20_000) {
  const gallery = page.getByRole('heading', { name: 'Creative Projects Gallery' });
  const browse = page.getByRole('button', { name: "Browse everyone's posts" });
  await gallery.or(browse).first().waitFor({ timeout });
  if (await browse.isVisible()) await browse.click();
  await gallery.waitFor({ timeout });
}

/** Home's panels above the stories (issue 43), by the names their cards and sheets carry. */
export type HomePanel = 'AI Creative Assistant' | 'Quick Create' | 'Live Collaboration Canvas' | 'AI Skill Matcher';

/**
 * Where Home's panel `title` is (issue 43): on a phone its compact card opens it in a sheet (the
 * dialog is answered); on a laptop it is in the right rail (the rail is answered).
 */
export async function openHomePanel(page: Page, title: HomePanel): Promise<Locator> {
  const card = page.getByRole('button', { name: `Open ${title}` });
  const rail = page.getByRole('region', { name: 'Creative tools' });
  await card.or(rail).first().waitFor({ timeout: 20_000 });
  if (!(await card.isVisible())) return rail;
  await card.click();
  const sheet = page.getByRole('dialog', { name: title });
  await sheet.waitFor();
  return sheet;
}

/** Waits for a toast's text; toasts show one at a time for 5 s. */
export async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/**
 * Opens phones (browser contexts) for the test file's tests; each is closed after its test, and
 * when the test failed each first leaves a screenshot of what it showed (e2e/screenshots/).
 */
export function phones(): (name: string, screen?: Screen, baseUrl?: string, extraArgs?: readonly string[]) => Promise<PhoneSession> {
  const open: PhoneSession[] = [];
  afterEach(async (context) => {
    const sessions = open.splice(0);
    if (context.task.result?.state === 'fail') await Promise.all(sessions.map((s) => s.shotOnFailure()));
    await Promise.all(sessions.map((s) => s.close()));
  });
  return async (name, screen, serverUrl, extraArgs) => {
    const session = await openPhone(name, screen, serverUrl, extraArgs);
    open.push(session);
    return session;
  };
}

/**
 * Adds `cents` of creator earnings to `username` through the CLI (`atelier admin credit USER
 * CENTS --note e2e`), against the database and media store the test server uses (given as the
 * environment variables the flags mirror). Answers what the command printed.
 */
export async function creditUser(username: string, cents: number): Promise<string> {
  const { stdout } = await runFile(atelierBin, ['admin', 'credit', username, String(cents), '--note', 'e2e'], {
    cwd: dirname(mediaStore),
    env: { ...process.env, DATABASE_URL: databaseUrl, ATELIER_MEDIA_STORE: mediaStore },
  });
  return stdout;
}

/** The seeded demo admin (`atelier seed --demo`). */
export const DEMO_ADMIN = {
  username: process.env.ATELIER_ADMIN_USERNAME ?? 'admin',
  email: process.env.ATELIER_ADMIN_EMAIL ?? 'admin@atelier.test',
  password: process.env.ATELIER_ADMIN_PASSWORD ?? 'atelier-admin',
};

/** Fills the landing page's sign-in form ('Username or email', issue 41) and presses Sign In. */
export async function fillSignIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the landing page with the username and waits for the app (past the first run, if it shows). */
export async function signIn(page: Page, creds: { username: string; password: string }) {
  await page.goto(baseUrl);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });
  await fillSignIn(page, creds.username, creds.password);
  await mainNavigation(page).waitFor({ timeout: 20_000 });
  await pastFirstRun(page);
}

/**
 * Posts the photo at `photo` through /create (with a location when given) and answers the new
 * post's id (from its tile on the author's profile).
 */
export async function createPost(page: Page, who: Creator, photo: string, caption: string, location?: string): Promise<number> {
  await page.goto(`${baseUrl}/create`);
  await page.getByRole('heading', { name: 'Create Post' }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByRole('img', { name: 'Preview of your post' }).waitFor();
  await page.getByLabel('Caption').fill(caption);
  if (location !== undefined) await page.getByLabel('Location (optional)').fill(location);
  await page.getByRole('button', { name: 'Share' }).click();
  await toast(page, 'Post created!');
  await page.goto(`${baseUrl}/profile/${who.username}`);
  const tile = page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: new RegExp(`^${caption.slice(0, 20)}`) });
  await tile.waitFor({ timeout: 20_000 });
  const href = (await tile.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/p\/\d+$/);
  return Number(href.slice(3));
}

/** axe over the page as it is (dialogs included): no serious or critical violation (as a11y.e2e.ts). */
export async function expectAccessible(page: Page, view: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const severe = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) ${node.target.join(' ')}`));
  expect.soft(severe, view).toEqual([]);
}

export async function openEarnings(page: Page) {
  await page.goto(`${baseUrl}/earnings`);
  await page.getByRole('heading', { name: 'Earnings & Payments' }).waitFor({ timeout: 20_000 });
}

/**
 * Files a test file's tests upload, written to a temporary folder when the file loads and
 * removed after its tests: `{ photo: ['sunset.png', bytes] }` answers `{ photo: '/tmp/…/sunset.png' }`.
 */
export function testFiles<K extends string>(files: Record<K, [name: string, content: string | Buffer]>): Record<K, string> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-e2e-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const paths = {} as Record<K, string>;
  for (const [key, [name, content]] of Object.entries(files) as [K, [string, string | Buffer]][]) {
    paths[key] = join(dir, name);
    writeFileSync(paths[key], content);
  }
  return paths;
}

/** A finger held on a chat message until its actions show (after 500 ms), then lifted. */
export async function longPress(target: Locator) {
  const bubble = target.locator('[tabindex="0"]').first();
  await bubble.scrollIntoViewIfNeeded();
  const box = await bubble.boundingBox();
  const at = { clientX: (box?.x ?? 0) + 10, clientY: (box?.y ?? 0) + 10, pointerType: 'touch', isPrimary: true, pointerId: 1 };
  await bubble.dispatchEvent('pointerdown', at);
  await expect.poll(() => target.getByRole('button', { name: 'Reply' }).isVisible()).toBe(true);
  await bubble.dispatchEvent('pointerup', at);
}

/** The address typed at the shipping step when its form is empty. */
export const TEST_ADDRESS = { name: 'Ada Buyer', line1: '1 Gallery Lane', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'GB' };

/**
 * A step of the checkout by its title ('Shipping', 'Payment', 'Review your order', 'Order
 * placed'; issue 42): the cart's dialog on a phone; from 1024 px the checkout page's step, the
 * region its heading names.
 */
export function checkoutStep(page: Page, title: string): Locator {
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    return page.getByRole('region', { name: title, exact: true }).filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
  }
  return page.getByRole('dialog', { name: title });
}

/**
 * Checks the open cart out as a buyer does (issue 42): 'Checkout $total', then, in the cart's
 * dialog on a phone or on the checkout page on a desktop, the shipping step when the cart holds a
 * physical item (an empty form is filled with `address`, a remembered one kept), Stripe's test
 * card `card` (4242 4242 4242 4242 pays), the review, 'Pay $total'. Answers the pay response; on
 * success the receipt step is left open.
 */
export async function checkOutCart(page: Page, total: string, card = '4242 4242 4242 4242', address = TEST_ADDRESS) {
  const cart = page.getByRole('dialog');
  await cart.getByRole('button', { name: `Checkout ${total}` }).click();
  const shipping = checkoutStep(page, 'Shipping');
  const payment = checkoutStep(page, 'Payment');
  await shipping.or(payment).waitFor({ timeout: 15_000 });
  if (await shipping.isVisible()) {
    const name = shipping.getByLabel('Full name');
    await name.waitFor({ timeout: 15_000 });
    if (!(await name.inputValue())) {
      await name.fill(address.name);
      await shipping.getByLabel('Address line 1').fill(address.line1);
      await shipping.getByLabel('City').fill(address.city);
      await shipping.getByLabel('Postal code').fill(address.postalCode);
      await shipping.getByLabel('Country code').fill(address.country);
    }
    await shipping.getByRole('button', { name: 'Continue to payment' }).click();
  }
  await fillCard(payment, card);
  await payment.getByRole('button', { name: 'Review order' }).click();
  const review = checkoutStep(page, 'Review your order');
  const [paid] = await Promise.all([
    page.waitForResponse((res) => /^\/api\/checkouts\/\d+\/pay$/.test(new URL(res.url()).pathname), { timeout: 20_000 }),
    review.getByRole('button', { name: `Pay ${total}` }).click({ timeout: 20_000 }),
  ]);
  return paid;
}

/** Types Stripe's test card `number` (the one that pays by default) into a card form within `scope`. */
export async function fillCard(scope: Locator, number = '4242 4242 4242 4242') {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
}

/**
 * Follows `who` from their profile (issue 43: then their messages land in the inbox, not in
 * Requests), and waits for it to be done.
 */
export async function follow(page: Page, who: Creator) {
  await page.goto(`${baseUrl}/profile/${who.username}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Following', exact: true }).waitFor({ timeout: 15_000 });
}

/**
 * Opens the message request from `name` in the Requests tab of the chat list and accepts it
 * (issue 43): the conversation moves to the inbox and the composer appears.
 */
export async function acceptRequest(page: Page, name: string) {
  await page.goto(`${baseUrl}/chat`);
  await page.getByRole('tab', { name: 'Requests' }).click();
  await page.getByRole('tabpanel').getByRole('link', { name: new RegExp(name) }).click({ timeout: 15_000 });
  await page.getByRole('region', { name: 'Message request' }).getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 15_000 });
}
