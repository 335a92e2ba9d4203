//! Blocking and muting in the browser (issue 20): a block from a profile's '⋯' menu (asked first)
//! locks the chat for both people, which stays readable; a mute from a post card's menu takes that
//! person's post out of the home feed, and only there. New creators in their own browser contexts,
//! against the real server (global-setup.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, mainNavigation, phones, run, showGallery, signUp, toast, type Creator } from './flows';
import { gradientPng } from './png';

const phone = phones();

const CANT_MESSAGE = "You can't message this account";

/** The open conversation shows its messages, the line instead of the composer, and no call button. */
async function expectLockedChat(page: Page, message: string) {
  await page.getByRole('list', { name: 'Messages', exact: true }).getByText(message).first().waitFor({ timeout: 20_000 });
  await page.getByText(CANT_MESSAGE, { exact: true }).waitFor({ timeout: 15_000 });
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Voice call' }).count()).toBe(0);
}

async function openConversationWith(page: Page, other: Creator) {
  await mainNavigation(page).getByRole('link', { name: 'Messages' }).click();
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(other.displayName) }).click();
  await page.waitForURL(/\/chat\/\d+$/);
}

describe('blocking and muting', () => {
  it("a block from the profile's menu locks the chat for both, who can still read it", async () => {
    const ada = creator('block_ada', 'Ada Quinn');
    const ben = creator('block_ben', 'Ben Torres');
    const b = await phone('safety-block-b');
    await signUp(b.page, ben);
    const a = await phone('safety-block-a');
    await signUp(a.page, ada);

    // Ada starts a conversation with Ben and writes; Ben has it as a message request (he doesn't
    // follow her; issue 43), accepts it, and has his composer.
    await a.page.goto(`${baseUrl}/profile/${ben.username}`);
    await a.page.getByRole('button', { name: 'Message' }).click();
    await a.page.waitForURL(/\/chat\/\d+$/);
    const conversation = new URL(a.page.url()).pathname;
    const hello = `Hello Ben ${run}`;
    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.fill(hello);
    await box.press('Enter');
    await a.page.getByRole('list', { name: 'Messages', exact: true }).getByText(hello).first().waitFor();
    await b.page.goto(`${baseUrl}${conversation}`);
    await b.page.getByRole('list', { name: 'Messages', exact: true }).getByText(hello).first().waitFor({ timeout: 20_000 });
    await b.page.getByRole('region', { name: 'Message request' }).getByRole('button', { name: 'Accept' }).click();
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();

    // Ada blocks Ben from his profile's '⋯' menu; the dialog asks first. Then she is home.
    await a.page.goto(`${baseUrl}/profile/${ben.username}`);
    await a.page.getByRole('heading', { name: ben.displayName }).waitFor({ timeout: 20_000 });
    await a.page.getByRole('button', { name: 'More options' }).click();
    await a.page.getByRole('menuitem', { name: 'Block' }).click();
    const dialog = a.page.getByRole('dialog', { name: `Block @${ben.username}?` });
    await dialog.getByText("They won't be able to find your profile, posts or story, or message you.", { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await toast(a.page, `Blocked @${ben.username}`);
    await a.page.waitForURL((url) => url.pathname === '/');
    await showGallery(a.page);
    await dialog.waitFor({ state: 'detached' });

    // Back in the chat (through the app: its cached list was refreshed by the block), Ada reads
    // the conversation but can neither write nor call.
    await openConversationWith(a.page, ben);
    expect(new URL(a.page.url()).pathname).toBe(conversation);
    await expectLockedChat(a.page, hello);

    // Ben is not told, but after a reload his composer is gone too.
    await b.page.reload();
    await expectLockedChat(b.page, hello);

    // And Ada's profile is 'User not found' to him.
    await b.page.goto(`${baseUrl}/profile/${ada.username}`);
    await b.page.getByText('User not found').waitFor({ timeout: 20_000 });
  });

  it("a mute from a post card's menu takes that person's post out of the home feed, and only there", async () => {
    const cleo = creator('mute_cleo', 'Cleo Martin');
    const dan = creator('mute_dan', 'Dan Okoye');
    const caption = `Quiet harbour ${run}`;
    const c = await phone('safety-mute-c');
    await signUp(c.page, cleo);
    const image = `data:image/png;base64,${gradientPng(240, 160, [34, 197, 94], [59, 130, 246]).toString('base64')}`;
    const made = await c.page.request.post(`${baseUrl}/api/posts`, { data: { imageUrl: image, caption } });
    expect(made.ok()).toBe(true);

    const d = await phone('safety-mute-d');
    await signUp(d.page, dan);
    await showGallery(d.page);
    const card = d.page.getByRole('article', { name: `Post by ${cleo.displayName}` }).filter({ hasText: caption });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'More options' }).click();
    await d.page.getByRole('menuitem', { name: `Mute @${cleo.username}` }).click();
    await toast(d.page, `Muted @${cleo.username}`);
    await card.waitFor({ state: 'detached', timeout: 15_000 });

    // The server keeps it: still out of the feed after a reload.
    await d.page.reload();
    await showGallery(d.page);
    await d.page.getByRole('article').first().waitFor({ timeout: 20_000 });
    expect(await card.count()).toBe(0);

    // Her profile still shows the post, and its menu offers 'Unmute'.
    await d.page.goto(`${baseUrl}/profile/${cleo.username}`);
    await d.page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: new RegExp(`^${caption}`) }).waitFor({ timeout: 20_000 });
    await d.page.getByRole('button', { name: 'More options' }).click();
    await d.page.getByRole('menuitem', { name: 'Unmute' }).waitFor();
  });
});
