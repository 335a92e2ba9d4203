//! The desktop layout (issue 18) in the browser: at 1280×800 the navigation runs down the left
//! side and the bottom bar is gone, the feed is centred in the room beside it, the chat shows its
//! list and the open conversation at once with names in full, and the admin's lists are tables
//! with headers; at 390×844 the phone layout is as before (the bottom bar, one chat pane).
//! Runs against the real server and its demo seed (global-setup.ts).
import type { Locator, Page } from 'playwright-core';
import type { Screen } from './browser';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, DEMO_ADMIN, mainNavigation, phones, showGallery, signIn, signUp } from './flows';

const DEMO_MAYA = { username: 'maya', password: 'atelier-demo' };

const phone = phones();

/** The seeded creator the new account writes to. */
const MAYA = { username: 'maya', displayName: 'Maya Chen' };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the element's text is cut (an ellipsis or clipping): it needs more room than it has. */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth > el.clientWidth);
}

/** Opens a conversation with Maya from her profile and waits for it. */
async function messageMaya(page: Page) {
  await page.goto(`${baseUrl}/profile/${MAYA.username}`);
  await page.getByRole('heading', { name: MAYA.displayName }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Message' }).click();
  await page.waitForURL(/\/chat\/\d+$/);
}

describe('desktop layout', () => {
  it('puts the navigation down the left side, centres the feed and shows the chat in two panes', async () => {
    const who = creator('desk', 'Desmond Whitfield-Okonkwo');
    const { page } = await phone('desktop-member', 'desktop');
    await signUp(page, who);

    // The side navigation is shown, the bottom bar is not.
    const side = page.getByTestId('side-nav');
    await side.waitFor();
    expect(await page.getByTestId('bottom-nav').isVisible()).toBe(false);
    const nav = await box(side);
    expect(nav.x).toBe(0);
    expect(nav.height).toBe(800);
    expect(nav.width).toBeLessThan(300);
    expect(await mainNavigation(page).getAttribute('data-testid')).toBe('side-nav');
    await side.getByRole('link', { name: 'Explore' }).waitFor();

    // Home is centred in the room right of the navigation: the feed column and the panels' rail
    // beside it (issue 43; home.e2e.ts measures the cards).
    await showGallery(page);
    const feed = await box(page.getByRole('main'));
    const roomCentre = (nav.width + 1280) / 2;
    expect(Math.abs(feed.x + feed.width / 2 - roomCentre)).toBeLessThanOrEqual(2);
    const gallery = await box(page.getByTestId('gallery'));
    const rail = await box(page.getByRole('region', { name: 'Creative tools' }));
    expect(gallery.width).toBeGreaterThan(600);
    expect(rail.x).toBeGreaterThan(gallery.x + gallery.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);

    // The chat: the conversation list and the open conversation side by side, names in full.
    await messageMaya(page);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const chat = page.getByRole('region', { name: 'Chat' });
    // 'Conversation started!' (shown for 5 s) sits clear of the chat's header and its composer.
    const note = page.locator('.toast').filter({ hasText: 'Conversation started!' });
    const composerBox = page.getByRole('textbox', { name: 'Message' });
    await composerBox.waitFor();
    const toastBox = await box(note);
    expect(overlaps(toastBox, await box(chat.locator('header')))).toBe(false);
    expect(overlaps(toastBox, await box(composerBox))).toBe(false);
    expect(overlaps(toastBox, await box(page.getByRole('button', { name: 'Send message' })))).toBe(false);
    const entry = list.getByRole('link', { name: new RegExp(MAYA.displayName) });
    await entry.waitFor({ timeout: 15_000 });
    await chat.getByRole('heading', { level: 2, name: MAYA.displayName }).waitFor();
    const listBox = await box(list);
    const chatBox = await box(chat);
    expect(listBox.x).toBeGreaterThanOrEqual(nav.width);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(chatBox.x + 1);
    expect(chatBox.x + chatBox.width).toBeGreaterThan(1200);
    expect(await isCut(entry.getByText(MAYA.displayName, { exact: true }))).toBe(false);
    expect(await isCut(chat.getByRole('heading', { level: 2, name: MAYA.displayName }))).toBe(false);
    // Two panes: no way back to a list that is already shown.
    expect(await page.getByRole('button', { name: 'Back to conversations' }).count()).toBe(0);
    // The conversation reaches the bottom of the window: no bottom bar under it.
    const composer = await box(page.getByRole('textbox', { name: 'Message' }));
    expect(composer.y + composer.height).toBeGreaterThan(800 - 80);

  });

  it('shows a post page with its caption and actions beside the picture, and Explore and profiles in three columns', async () => {
    const { page } = await phone('desktop-post', 'desktop');
    await signIn(page, DEMO_MAYA);

    // Explore's trending grid: three columns.
    await page.goto(`${baseUrl}/explore`);
    const trending = page.getByRole('list', { name: 'Trending posts' });
    await trending.waitFor({ timeout: 20_000 });
    expect(await trending.evaluate((el) => getComputedStyle(el).columnCount)).toBe('3');
    const tile = trending.getByRole('link').first();
    expect((await box(tile)).width).toBeGreaterThan(250);

    // A profile's grid: three columns of tiles wider than a phone's.
    await page.goto(`${baseUrl}/profile/${MAYA.username}`);
    const grid = page.getByRole('list', { name: 'Posts' });
    await grid.getByRole('link').first().waitFor({ timeout: 20_000 });
    const tiles = await grid.getByRole('link').evaluateAll((links) => links.slice(0, 3).map((l) => l.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(tiles.map((t) => Math.round(t.y))).size).toBe(1);
    expect(tiles[0].width).toBeGreaterThan(250);

    // The post page: the caption and the Like button on the first screen, beside the picture.
    await grid.getByRole('link').first().click();
    await page.waitForURL(/\/p\/\d+$/);
    const post = page.getByRole('article').first();
    await post.waitFor({ timeout: 20_000 });
    const picture = await box(post.getByTestId('post-picture'));
    const like = await box(post.getByRole('button', { name: 'Like' }));
    // The caption sits between the counts and the time: both on screen, so it is too.
    const counts = await box(post.getByTestId('likes-count'));
    const time = await box(post.locator('time').first());
    for (const b of [like, counts, time]) {
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(800);
      expect(b.x).toBeGreaterThanOrEqual(picture.x + picture.width);
    }
    expect(picture.y + picture.height).toBeLessThanOrEqual(800);
    await page.getByRole('heading', { name: 'Comments', exact: true }).waitFor();
    expect((await box(page.getByRole('combobox', { name: 'Add a comment' }))).y).toBeLessThan(800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
  });

  it.each<Screen>(['desktop', 'phone'])("keeps the reel's action rail fully on the %s screen", async (screen) => {
    const { page } = await phone(`desktop-reels-${screen}`, screen);
    await signIn(page, DEMO_MAYA);
    await page.goto(`${baseUrl}/reels`);
    const reel = page.locator('section[data-active]');
    await reel.waitFor({ timeout: 20_000 });
    const viewport = page.viewportSize()!;
    const frame = await box(page.getByRole('main', { name: 'Reels' }));
    const video = await box(reel.locator('video'));
    for (const name of ['Like', 'Comments', 'Share', 'More options']) {
      const button = reel.getByRole('button', { name, exact: true });
      if (!(await button.count())) continue; // Share is absent where its creator does not allow it
      const b = await box(button);
      expect(b.x).toBeGreaterThanOrEqual(frame.x);
      expect(b.x + b.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, viewport.width));
      expect(b.y).toBeGreaterThanOrEqual(frame.y);
      expect(b.y + b.height).toBeLessThanOrEqual(Math.min(frame.y + frame.height, viewport.height));
      // On a laptop the rail is beside the picture, in its own gutter.
      if (screen === 'desktop') {
        const picture = await reel.locator('video').evaluate((v: HTMLVideoElement) => {
          const r = v.getBoundingClientRect();
          const style = getComputedStyle(v);
          return r.right - parseFloat(style.paddingRight);
        });
        expect(b.x).toBeGreaterThanOrEqual(picture - 1);
      }
    }
    expect(video.width).toBeGreaterThan(0);
  });

  it("shows the admin's ads, withdrawals and users as tables with headers", async () => {
    const { page } = await phone('desktop-admin', 'desktop');
    await signIn(page, DEMO_ADMIN);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });

    const ads = page.getByRole('table', { name: 'Ads' });
    await ads.waitFor({ timeout: 20_000 });
    expect(await ads.getByRole('columnheader').allInnerTexts()).toEqual(
      ['Ad', 'Status', 'Impressions', 'Clicks', 'Earned', 'Budget', 'Per click', 'Action'].map((h) => h.toUpperCase()),
    );
    // The seed's ads are rows, each with its own pause or resume control.
    const rows = ads.getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await ads.getByRole('row').nth(1).getByRole('button', { name: /^(Pause|Resume)$/ }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Ads' }).count()).toBe(0);
    // The table fits the page: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);

    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await users.waitFor({ timeout: 20_000 });
    expect(await users.getByRole('columnheader').allInnerTexts()).toEqual(
      ['User', 'Email', 'Role', 'Status', 'Followers', 'Following', 'Posts', 'Joined'].map((h) => h.toUpperCase()),
    );
    // The newest accounts come first (other tests add many): the search finds the seeded admin.
    await page.getByLabel('Search users').fill(DEMO_ADMIN.email);
    const admin = users.getByRole('row').filter({ hasText: `@${DEMO_ADMIN.username}` }).first();
    await admin.waitFor();
    expect(await admin.getByRole('cell').nth(1).innerText()).toBe(DEMO_ADMIN.email);

    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const withdrawals = page.getByRole('table', { name: 'Withdrawal requests' }).or(page.getByText('No withdrawal requests found'));
    await withdrawals.first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Withdrawal requests' }).count()).toBe(0);
  });

  it('keeps the phone layout at 390 px: the bottom bar and one chat pane at a time', async () => {
    const who = creator('deskphone', 'Pia Phone');
    const { page } = await phone('desktop-phone');
    await signUp(page, who);
    const bottom = page.getByTestId('bottom-nav');
    await bottom.waitFor();
    expect(await page.getByTestId('side-nav').isVisible()).toBe(false);
    expect(await mainNavigation(page).getAttribute('data-testid')).toBe('bottom-nav');
    const bar = await box(bottom);
    expect(bar.y + bar.height).toBe(844);
    expect(bar.width).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    await messageMaya(page);
    await page.getByRole('heading', { level: 2, name: MAYA.displayName }).waitFor();
    await page.getByRole('button', { name: 'Back to conversations' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Conversations' }).count()).toBe(0);
  });
});
