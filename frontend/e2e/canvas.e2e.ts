//! The Live Collaboration Canvas in the browser (issue 25): two creators in two browser contexts,
//! Alice at a laptop and Bob on a phone. Alice follows Bob, starts an invite-only canvas on home
//! and invites him; he opens it full screen. Her named cursor moves on his screen, the stroke she
//! draws with the mouse appears on his canvas within a second, and after he reloads the picture
//! is replayed from the server. Her Share posts the drawing: the post's image has its colour.
//! Runs against the real server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, expectAccessible, openHomePanel, phones, run, signUp, toast } from './flows';

const phone = phones();

/** The spec's default brush colour, #ef4444. */
const RED: [number, number, number] = [239, 68, 68];

/** How many of a canvas element's pixels are (nearly) the brush's red. */
function redPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement, [r, g, b]) => {
    const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 200 && Math.abs(data[i] - r) < 24 && Math.abs(data[i + 1] - g) < 24 && Math.abs(data[i + 2] - b) < 24) count += 1;
    }
    return count;
  }, RED);
}

/** How many pixels of the image at `url` (fetched and decoded by the page) are the brush's red. */
function redPixelsOfImage(page: Page, url: string): Promise<{ width: number; height: number; red: number }> {
  return page.evaluate(
    async ([address, [r, g, b]]) => {
      const blob = await (await fetch(address, { credentials: 'include' })).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let red = 0;
      // A lossy re-encoding moves colours a little: near enough counts.
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) < 40 && Math.abs(data[i + 1] - g) < 40 && Math.abs(data[i + 2] - b) < 40) red += 1;
      }
      return { width: bitmap.width, height: bitmap.height, red };
    },
    [url, RED] as const,
  );
}

/** Nothing is wider than the screen. */
async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('the collaboration canvas', () => {
  it('carries strokes, cursors and presence live between two creators, replays them, and shares the picture', async () => {
    const alice = creator('canvas_alice', 'Alice Moreau');
    const bob = creator('canvas_bob', 'Bob Tanaka');
    const title = `Harbour at dusk ${run}`;

    const b = await phone('canvas-b');
    await signUp(b.page, bob);

    // Alice follows Bob, so that she may invite him.
    const a = await phone('canvas-a', 'desktop');
    await signUp(a.page, alice);
    await a.page.goto(`${baseUrl}/profile/${bob.username}`);
    await a.page.getByRole('heading', { name: bob.displayName }).waitFor();
    await a.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await a.page.getByRole('button', { name: 'Following', exact: true }).waitFor();

    // She starts an invite-only canvas on home: she is in it at once.
    await a.page.goto(baseUrl);
    const panel = a.page.getByRole('region', { name: 'Live Collaboration Canvas' });
    await panel.getByRole('button', { name: 'Start a canvas' }).click();
    const create = a.page.getByRole('dialog', { name: 'Start a canvas' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('radio', { name: 'Invite only' }).check();
    await create.getByRole('button', { name: 'Start canvas' }).click();
    // It opens full screen (issue 43), with her in it.
    await a.page.waitForURL(/\/canvas\/\d+$/);
    const canvasPath = new URL(a.page.url()).pathname;
    const room = a.page.getByRole('region', { name: 'Live Collaboration Canvas' });
    await room.getByRole('heading', { level: 1, name: title }).waitFor();
    await room.getByText('1 artist online').waitFor({ timeout: 15_000 });
    const aCanvas = room.getByLabel('Collaboration canvas', { exact: true });

    // She invites Bob from the people she follows.
    await room.getByRole('button', { name: 'Invite' }).click();
    const invite = a.page.getByRole('dialog', { name: /^Invite to/ });
    await invite.getByLabel('Search people you follow').fill(bob.username);
    await invite.getByRole('button', { name: new RegExp(bob.displayName) }).click();
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await toast(a.page, `Invited ${bob.displayName}`);

    // Bob finds it as his newest canvas on home, and opens it full screen.
    await b.page.goto(baseUrl);
    const bPanel = (await openHomePanel(b.page, 'Live Collaboration Canvas')).getByRole('region', { name: 'Live Collaboration Canvas' });
    await bPanel.getByText(title).waitFor({ timeout: 15_000 });
    await bPanel.getByRole('link', { name: 'Open full screen' }).click();
    expect(new URL(b.page.url()).pathname).toBe(canvasPath);
    const bCanvas = b.page.getByLabel('Collaboration canvas', { exact: true });
    await b.page.getByText('2 artists online').waitFor({ timeout: 15_000 });
    await a.page.getByText('2 artists online').waitFor({ timeout: 15_000 });
    await fitsTheScreen(b.page, 390);
    await fitsTheScreen(a.page, 1280);
    expect(await redPixels(bCanvas)).toBe(0);

    // Alice's cursor moves over the canvas: Bob sees it, named.
    const area = (await aCanvas.boundingBox())!;
    await a.page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.3);
    await a.page.mouse.move(area.x + area.width * 0.35, area.y + area.height * 0.35, { steps: 4 });
    const aliceCursor = b.page.getByTestId('collaborator-cursor').filter({ hasText: alice.displayName });
    await aliceCursor.waitFor({ timeout: 5_000 });

    // She draws a stroke with the mouse; it is on Bob's canvas within a second.
    await a.page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.2);
    await a.page.mouse.down();
    await a.page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 10 });
    await a.page.mouse.move(area.x + area.width * 0.8, area.y + area.height * 0.3, { steps: 10 });
    await a.page.mouse.up();
    const drawnAt = Date.now();
    expect(await redPixels(aCanvas)).toBeGreaterThan(200);
    await expect.poll(() => redPixels(bCanvas), { timeout: 1_000, interval: 50 }).toBeGreaterThan(100);
    expect(Date.now() - drawnAt).toBeLessThan(1_500);
    await expectAccessible(b.page, 'the canvas page on a phone');
    await expectAccessible(a.page, 'the canvas page at a laptop');

    // Bob reloads: the picture is replayed from the server.
    await b.page.reload();
    await b.page.getByText('2 artists online').waitFor({ timeout: 15_000 });
    await expect.poll(() => redPixels(bCanvas), { timeout: 5_000 }).toBeGreaterThan(100);

    // Alice shares it: a post of the picture, with the stroke's red in its image.
    await a.page.getByRole('button', { name: 'Share' }).click();
    await toast(a.page, 'Shared to your profile');
    const link = a.page.getByRole('link', { name: 'View your post' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/p\/\d+$/);
    const post = await a.page.evaluate(async (id) => {
      const res = await fetch(`/api/posts/${id}`, { credentials: 'include' });
      return (await res.json()) as { imageUrl: string; caption: string | null };
    }, href.slice(3));
    expect(post.caption).toBe(title);
    const image = await redPixelsOfImage(a.page, post.imageUrl);
    expect(image.width / image.height).toBeCloseTo(4 / 3, 1);
    // The stroke covers a visible share of the picture (a 5 px line across ~60 % of the width).
    expect(image.red).toBeGreaterThan(image.width * 0.3);

    // Alice undoes her stroke: it leaves Bob's canvas too.
    await a.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => redPixels(bCanvas), { timeout: 5_000 }).toBe(0);
  });
});
