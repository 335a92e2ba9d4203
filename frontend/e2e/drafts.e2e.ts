//! Drafts and scheduled posts (issue 44), at 390 and 1280 px: a creator saves a post as a draft
//! from the composer and finds it under DRAFTS on her profile (the five tabs fitting a phone's
//! width), opens it again (its image and alt text kept), changes the caption and schedules it
//! from the composer (a time under 10 minutes ahead refused first, in the server's words); it is
//! listed under Scheduled with its time. Then its time is moved into the past in the server's
//! database, and the server's job (every 10 s) publishes it: it appears on her profile and the
//! Scheduled list is empty. axe finds nothing on the composer or the schedule dialog.
//! Runs against the real server started by global-setup.ts (on the real clock).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, creator, expectAccessible, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();
const runFile = promisify(execFile);
/** The shared server's SQLite file (global-setup.ts: `sqlite://{dir}/atelier.db`). */
const databasePath = inject('databaseUrl').replace(/^sqlite:\/\//, '');

const { harbour } = testFiles({ harbour: ['harbour.png', gradientPng(320, 240, [30, 120, 200], [240, 180, 90])] });
const ALT = 'A harbour at dawn, boats in blue and gold';

/**
 * Moves scheduled draft `id`'s time a second into the past, straight in the database (epoch
 * milliseconds, as migration 0050 keeps it): the server's job then finds it due. Python's
 * built-in sqlite3 writes it (Node 20 has no node:sqlite), waiting while the server writes.
 */
async function makeDue(id: number) {
  const script = [
    'import sqlite3, sys, time',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    "n = db.execute('UPDATE drafts SET scheduled_at = ? WHERE id = ? AND scheduled_at IS NOT NULL', (int(time.time() * 1000) - 1000, int(sys.argv[2]))).rowcount",
    'db.commit()',
    'print(n)',
  ].join('\n');
  const { stdout } = await runFile('python3', ['-c', script, databasePath, String(id)]);
  expect(stdout.trim()).toBe('1');
}

/** A `datetime-local` value `minutes` from now, in this machine's zone (the browser's too). */
function localInputValue(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The profile's tab list and each tab fit their width: nothing cut off or scrolled. */
async function expectTabsFit(page: Page) {
  const overflow = await page.getByRole('tablist', { name: 'Profile sections' }).evaluate((list) =>
    [list, ...Array.from(list.children)].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(overflow).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe.each<Screen>(['phone', 'desktop'])('drafts on a %s', (screen) => {
  it('are saved, edited, scheduled, and go out on their own at their time', async () => {
    const tag = `drf_${screen.slice(0, 1)}`;
    const ana = creator(`${tag}_ana`, 'Ana Lind');
    const caption = `Harbour at dawn ${run}`;
    const edited = `Harbour at dawn, golden hour ${run}`;

    const { page } = await phone(`${tag}-ana`, screen);
    await signUp(page, ana);

    // The composer: an image with its alt text, a caption and a place, then Save as draft.
    await page.goto(`${baseUrl}/create`);
    await page.getByRole('heading', { name: 'Create Post' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(harbour);
    await page.getByRole('img', { name: 'Preview of your post' }).waitFor();
    await page.getByLabel('Alt text', { exact: true }).fill(ALT);
    await page.getByLabel('Caption').fill(caption);
    await page.getByLabel('Location (optional)').fill('Porto');
    await expectAccessible(page, `composer with Save as draft and Schedule… (${screen})`);
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/drafts' && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const draft = await (await created).json();
    expect(draft.media.map((item: { alt: string }) => item.alt)).toEqual([ALT]);
    await toast(page, 'Draft saved');

    // It lands on her profile's DRAFTS, which fits beside the four other tabs.
    await page.waitForURL((url) => url.pathname === `/profile/${ana.username}` && url.search === '?tab=drafts', { timeout: 20_000 });
    await page.getByRole('tab', { name: 'DRAFTS', exact: true, selected: true }).waitFor({ timeout: 20_000 });
    const drafts = page.getByRole('list', { name: 'Drafts', exact: true });
    const row = drafts.getByRole('article', { name: caption });
    await row.waitFor({ timeout: 20_000 });
    await expectTabsFit(page);

    // Opened again: its image (kept, with its alt text) and caption; the caption changed.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Draft' }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Caption').inputValue()).toBe(caption);
    await page.getByRole('list', { name: 'Images in your post' }).getByRole('img', { name: 'Preview 1 of your post' }).waitFor();
    expect(await page.getByLabel('Alt text for image 1').inputValue()).toBe(ALT);
    await page.getByLabel('Caption').fill(edited);

    // Schedule…: too soon is refused before anything is sent; an hour ahead (the default) goes.
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule post' });
    await dialog.waitFor();
    await expectAccessible(page, `schedule dialog (${screen})`);
    const field = dialog.getByLabel('Date and time');
    const offered = await field.inputValue();
    await field.fill(localInputValue(5));
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.getByText('Schedule a post at least 10 minutes ahead').waitFor();
    await field.fill(offered);
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/drafts/${draft.id}` && res.request().method() === 'PATCH');
    const scheduled = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/drafts/${draft.id}/publish`);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    // The draft's own image is sent back by its address: kept, not uploaded again.
    expect(JSON.parse((await saved).request().postData() ?? '{}').media).toEqual([{ image: draft.media[0].url, alt: ALT }]);
    const answer = await scheduled;
    expect(answer.status()).toBe(200);
    const sentAt: string = JSON.parse(answer.request().postData() ?? '{}').at;
    expect(sentAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00([+-]\d\d:\d\d)$/);
    expect(new Date((await answer.json()).scheduledAt).getTime()).toBe(new Date(sentAt).getTime());
    await toast(page, 'Post scheduled');

    // Listed under Scheduled with its time; no longer under Drafts.
    await page.waitForURL((url) => url.search === '?tab=scheduled', { timeout: 20_000 });
    const scheduledRow = page.getByRole('list', { name: 'Scheduled posts' }).getByRole('article', { name: edited });
    await scheduledRow.getByText(/^Scheduled for /).waitFor({ timeout: 20_000 });
    await scheduledRow.getByRole('button', { name: 'Reschedule…' }).waitFor();
    await page.getByRole('tab', { name: 'Drafts', exact: true }).click();
    await page.getByRole('heading', { name: 'No drafts yet' }).waitFor({ timeout: 20_000 });

    // Its time comes (moved into the past): the job publishes it within its 10 s round.
    await makeDue(draft.id);
    const tile = page.getByRole('list', { name: 'Posts', exact: true }).getByRole('link', { name: new RegExp(`^${edited}`) });
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/profile/${ana.username}`);
          await page.getByRole('tab', { name: 'POSTS', exact: true, selected: true }).waitFor({ timeout: 20_000 });
          await page.getByRole('list', { name: 'Posts', exact: true }).or(page.getByText('No Posts Yet')).first().waitFor({ timeout: 20_000 });
          return tile.count();
        },
        { timeout: 40_000, interval: 3_000 },
      )
      .toBe(1);
    await page.getByRole('tab', { name: 'DRAFTS', exact: true }).click();
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await page.getByRole('heading', { name: 'Nothing scheduled' }).waitFor({ timeout: 20_000 });
  });
});
