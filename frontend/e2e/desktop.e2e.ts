//! The desktop layout (issue 18) in the browser: at 1280×800 the navigation runs down the left
//! side and the bottom bar is gone, the feed is centred in the room beside it, the chat shows its
//! list and the open conversation at once with names in full, and the admin's lists are tables
//! with headers; at 390×844 the phone layout is as before (the bottom bar, one chat pane).
//! Runs against the real server and its demo seed (global-setup.ts).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, DEMO_ADMIN, mainNavigation, phones, showGallery, signIn, signUp } from './flows';

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

    // The feed is centred in the room right of the navigation, no wider than a column.
    await showGallery(page);
    const feed = await box(page.getByRole('main'));
    const roomCentre = (nav.width + 1280) / 2;
    expect(Math.abs(feed.x + feed.width / 2 - roomCentre)).toBeLessThanOrEqual(2);
    expect(feed.width).toBeLessThanOrEqual(480);
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
