//! Reels in the browser (issue 9): the seeded sample reels really play in the pager (muted, the
//! visible one only), ArrowDown / ArrowUp move between them; and a creator posts a reel through
//! the create chooser's Video Post (one of the committed sample clips), lands on it
//! in the pager and finds it under their profile's REELS tab. Runs against the real server
//! started by global-setup.ts.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, phones, signUp, toast } from './flows';

const phone = phones();

/** A real VP9 WebM clip made for the project (scripts/make-sample-reels.sh), uploaded as a new reel. */
const CLIP = join(dirname(fileURLToPath(import.meta.url)), '../../backend/assets/reels/gradients.webm');

/** The reel on screen. */
function activeReel(page: Page): Locator {
  return page.locator('section[data-active]');
}

/**
 * Waits until the visible reel's video is playing (not paused, a frame decoded) and its time
 * moves on, muted. A short clip that already reached its end (the end pauses) is started again
 * with the overlay's Play button first.
 */
async function playsOn(page: Page) {
  const reel = activeReel(page);
  const video = reel.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (!v.paused && v.readyState >= 2) || v.ended), { timeout: 20_000 })
    .toBe(true);
  if (await video.evaluate((v: HTMLVideoElement) => v.ended)) {
    await reel.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 10_000 }).toBe(true);
  }
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.ended ? Infinity : v.currentTime)), { timeout: 10_000 })
    .toBeGreaterThan(start);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
}

/** How many videos of the page are playing. */
function playingCount(page: Page): Promise<number> {
  return page.locator('video').evaluateAll((videos) => videos.filter((v) => !(v as HTMLVideoElement).paused).length);
}

describe('reels', () => {
  it('plays the sample reels one at a time and moves with the arrow keys', async () => {
    const { page } = await phone('reels');
    await signUp(page, creator('viewer', 'Vera Watches'));
    await page.getByTestId('bottom-nav').getByRole('link', { name: 'Reels' }).click();
    await page.getByRole('main', { name: 'Reels' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading creative reels...').count()).toBe(0);
    const dots = page.getByRole('navigation', { name: 'Reel navigation' }).getByRole('button');
    expect(await dots.count()).toBeGreaterThanOrEqual(3);

    expect(await activeReel(page).getAttribute('aria-label')).toMatch(/^Reel 1 by /);
    await playsOn(page);
    expect(await playingCount(page)).toBe(1);

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeReel(page).getAttribute('aria-label')).toMatch(/^Reel 2 by /);
    await playsOn(page);
    expect(await playingCount(page)).toBe(1);
    expect(await page.locator('section[aria-label^="Reel 1 by "] video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeReel(page).getAttribute('aria-label')).toMatch(/^Reel 3 by /);
    await playsOn(page);

    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeReel(page).getAttribute('aria-label')).toMatch(/^Reel 1 by /);
    await playsOn(page);

    // Pause and mute are the overlay's buttons, hidden 3 s after the last activity: a mouse move
    // over the pager brings them back.
    await page.getByRole('main', { name: 'Reels' }).dispatchEvent('mousemove');
    await activeReel(page).locator('[data-testid="reel-controls"][data-visible]').waitFor();
    await activeReel(page).getByRole('button', { name: 'Unmute' }).click();
    expect(await activeReel(page).locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await activeReel(page).getByRole('button', { name: 'Pause' }).click();
    expect(await activeReel(page).locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  it('posts a reel from the create chooser and finds it in the pager and on the profile', async () => {
    const { page } = await phone('reel-upload');
    const who = creator('reeler', 'Rhea Films');
    await signUp(page, who);

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create' }).getByRole('button', { name: 'Video Post' }).click();
    await page.getByRole('heading', { name: 'New Reel' }).waitFor();
    await page.getByLabel('Video file').setInputFiles(CLIP);
    const preview = page.getByLabel('Preview of your reel');
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
    const caption = `Test pattern ${Date.now().toString(36)}`;
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Reel posted!');
    await page.waitForURL(/\/reels\?reel=\d+$/, { timeout: 30_000 });
    const id = new URL(page.url()).searchParams.get('reel');
    await expect.poll(() => activeReel(page).locator('video').getAttribute('aria-label'), { timeout: 20_000 }).toBe(caption);
    await playsOn(page);

    await page.goto(`${baseUrl}/profile/${who.username}`);
    await page.getByRole('tab', { name: /REELS/ }).click();
    const tile = page.getByRole('list', { name: 'Reels' }).getByRole('link', { name: `Reel: ${caption}` });
    await tile.waitFor({ timeout: 20_000 });
    expect(await tile.getAttribute('href')).toBe(`/reels?reel=${id}`);
    await tile.click();
    await expect.poll(() => activeReel(page).locator('video').getAttribute('aria-label'), { timeout: 20_000 }).toBe(caption);
  });
});
