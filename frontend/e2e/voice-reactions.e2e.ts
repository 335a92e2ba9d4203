//! Voice reactions (issue 43), at 390 and 1280 px, with Chromium's fake microphone
//! (--use-fake-device-for-media-stream, browser.ts): a creator posts; a second records a voice
//! reaction on the post's page and sends it; the author opens the counts and hears it (an audio
//! element with its length) and axe finds nothing on the list; a third creator sees the count
//! but not the voice until the sender turns 'Voice Reactions Privacy' off.
//! Runs against the real server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, createPost, creator, expectAccessible, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { photo } = testFiles({
  photo: ['reaction.png', gradientPng(240, 160, [120, 40, 160], [20, 160, 140])],
});

async function openPost(page: Page, postId: number, author: string) {
  await page.goto(`${baseUrl}/p/${postId}`);
  await page.getByRole('heading', { name: `Post by ${author}` }).waitFor({ timeout: 20_000 });
}

/** The card's counts by emotion, which open the list. */
function counts(page: Page): Locator {
  return page.getByRole('button', { name: /, voice reactions?$/ }).first();
}

async function openList(page: Page): Promise<Locator> {
  await counts(page).click();
  const dialog = page.getByRole('dialog', { name: 'Voice reactions' });
  await dialog.waitFor();
  return dialog;
}

/** Presses a player's Play, as a person does, then waits for its audio to advance. */
async function playsThrough(play: Locator, audio: Locator) {
  await play.click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime > 0 || element.ended), { timeout: 15_000 })
    .toBe(true);
}

describe.each<Screen>(['phone', 'desktop'])('voice reactions on a %s', (screen) => {
  it('are sent with the microphone, heard by the author, and shared only when the sender allows', async () => {
    const tag = `vr_${screen.slice(0, 1)}`;
    const ana = creator(`${tag}_ana`, 'Ana Lind');
    const leo = creator(`${tag}_leo`, 'Leo Park');
    const sam = creator(`${tag}_sam`, 'Sam Ortiz');

    const a = await phone(`${tag}-ana`, screen);
    await signUp(a.page, ana);
    const postId = await createPost(a.page, ana, photo, `Tide study ${run}`);

    // Leo: emotion first, then the fake microphone records, he previews, and sends.
    const b = await phone(`${tag}-leo`, screen);
    await signUp(b.page, leo);
    await openPost(b.page, postId, ana.displayName);
    await b.page.getByRole('button', { name: 'Voice reaction', exact: true }).first().click();
    const panel = b.page.getByRole('region', { name: 'Voice reaction', exact: true });
    await panel.getByRole('button', { name: 'Inspired!' }).click();
    await panel.getByRole('button', { name: 'Record' }).click();
    await panel.getByRole('button', { name: 'Stop' }).waitFor();
    await b.page.waitForTimeout(1600);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await panel.getByRole('button', { name: 'Play preview' }).waitFor();
    const sent = b.page.waitForResponse(
      (res) => /\/api\/posts\/\d+\/voice-reactions$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST',
    );
    await panel.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await toast(b.page, 'Voice reaction sent');
    await panel.waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: /^1\s*Inspired!,\s*voice reaction$/ }).waitFor();

    // Ana, the author, hears it: an audio element with its length, which plays.
    await openPost(a.page, postId, ana.displayName);
    const list = await openList(a.page);
    const audio = list.getByLabel(new RegExp(`^Voice reaction from @${leo.username}, 0:0[1-9]$`));
    await audio.waitFor({ state: 'attached' });
    expect(await audio.evaluate((el) => el.tagName)).toBe('AUDIO');
    await list.getByText(/^0:0[1-9]$/).waitFor();
    await playsThrough(list.getByRole('button', { name: new RegExp(`^Play voice reaction from @${leo.username}, 0:0[1-9]$`) }), audio);
    await expectAccessible(a.page, `voice reactions list (${screen})`);

    // Sam sees the count, not the voice: Leo keeps his voice reactions for the author.
    const c = await phone(`${tag}-sam`, screen);
    await signUp(c.page, sam);
    await openPost(c.page, postId, ana.displayName);
    const samsList = await openList(c.page);
    await samsList.getByText(`1 voice reaction is private to @${ana.username}.`).waitFor();
    expect(await samsList.locator('audio').count()).toBe(0);

    // Leo turns 'Voice Reactions Privacy' off: now Sam hears it too.
    await b.page.goto(`${baseUrl}/settings`);
    const saved = b.page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/user/settings' && res.request().method() === 'PUT' && res.ok(),
    );
    await b.page.getByRole('switch', { name: 'Voice Reactions Privacy', exact: true, checked: true }).click();
    await saved;
    await openPost(c.page, postId, ana.displayName);
    const shared = await openList(c.page);
    await shared.locator('audio').first().waitFor({ state: 'attached' });
    expect(await shared.getByText(/private to/).count()).toBe(0);
  });
});
