//! Posts of several images with alt text (issue 44), at 390 and 1280 px: a creator picks three
//! files at once, describes each, moves the last first and shares; a second creator swipes
//! through the carousel (and steps with the keys), finding each image's alt text in the page;
//! axe finds nothing on the composer or the carousel. Then Ana edits the caption and an alt
//! text: Leo sees it marked Edited and reads the earlier version in its history.
//! Runs against the real server started by global-setup.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, creator, expectAccessible, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { red, green, blue } = testFiles({
  red: ['red.png', gradientPng(300, 240, [220, 40, 40], [120, 10, 10])],
  green: ['green.png', gradientPng(300, 240, [40, 200, 80], [10, 90, 30])],
  blue: ['blue.png', gradientPng(300, 240, [40, 80, 220], [10, 20, 120])],
});

const ALTS = ['A red gradient, bright at the top', 'A green gradient fading to forest', 'A blue gradient like deep water'];

/** The carousel's current position, as its counter shows it. */
function counter(page: Page) {
  return page.getByRole('region', { name: '3 images' }).getByText(/^\d\/3$/);
}

describe.each<Screen>(['phone', 'desktop'])('carousels on a %s', (screen) => {
  it('are composed with alt text for each image and swiped through', async () => {
    const tag = `car_${screen.slice(0, 1)}`;
    const ana = creator(`${tag}_ana`, 'Ana Lind');
    const leo = creator(`${tag}_leo`, 'Leo Park');
    const caption = `Three gradients ${run}`;

    const a = await phone(`${tag}-ana`, screen);
    await signUp(a.page, ana);
    await a.page.goto(`${baseUrl}/create`);
    await a.page.getByRole('heading', { name: 'Create Post' }).waitFor();
    await a.page.locator('input[type="file"]').setInputFiles([red, green, blue]);
    const list = a.page.getByRole('list', { name: 'Images in your post' });
    await list.getByRole('img', { name: 'Preview 3 of your post' }).waitFor();
    await a.page.getByText('Images 1, 2, 3 have no alt text yet', { exact: false }).waitFor();
    for (const [i, alt] of ALTS.entries()) await a.page.getByLabel(`Alt text for image ${i + 1}`).fill(alt);
    // Blue first: moved up twice.
    await a.page.getByRole('button', { name: 'Move image 3 earlier' }).click();
    await a.page.getByRole('button', { name: 'Move image 2 earlier' }).click();
    expect(await a.page.getByLabel('Alt text for image 1').inputValue()).toBe(ALTS[2]);
    expect(await a.page.getByText(/no alt text yet/).count()).toBe(0);
    await expectAccessible(a.page, `composer with three images (${screen})`);
    await a.page.getByLabel('Caption').fill(caption);
    const created = a.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/posts' && res.request().method() === 'POST');
    await a.page.getByRole('button', { name: 'Share' }).click();
    const post = await (await created).json();
    expect(post.media.map((item: { alt: string }) => item.alt)).toEqual([ALTS[2], ALTS[0], ALTS[1]]);
    await toast(a.page, 'Post created!');

    // Leo opens it: three images, each with its alt text in the page, in the order Ana chose.
    const b = await phone(`${tag}-leo`, screen);
    await signUp(b.page, leo);
    await b.page.goto(`${baseUrl}/p/${post.id}`);
    const carousel = b.page.getByRole('region', { name: '3 images' });
    await carousel.waitFor({ timeout: 20_000 });
    const alts = await carousel.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(alts).toEqual([ALTS[2], ALTS[0], ALTS[1]]);
    await expect.poll(() => counter(b.page).textContent()).toBe('1/3');

    // A swipe: the track scrolled by a screen's width (touch scrolling is the browser's own).
    const track = carousel.getByRole('group');
    await track.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
    await expect.poll(() => counter(b.page).textContent()).toBe('2/3');
    // The keys and the buttons step too.
    await track.focus();
    await b.page.keyboard.press('ArrowRight');
    await expect.poll(() => counter(b.page).textContent()).toBe('3/3');
    // At the end there is no Next (as at the start there is no Previous).
    await expect.poll(() => carousel.getByRole('button', { name: 'Next image' }).count()).toBe(0);
    await carousel.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(() => counter(b.page).textContent()).toBe('2/3');
    await expectAccessible(b.page, `carousel (${screen})`);

    // The profile grid marks the post as several images.
    await b.page.goto(`${baseUrl}/profile/${ana.username}`);
    await b.page.getByRole('link', { name: new RegExp(`^${caption}, 3 images`) }).waitFor({ timeout: 20_000 });

    // Ana edits the caption and the first image's alt text from the post's menu.
    await a.page.goto(`${baseUrl}/p/${post.id}`);
    await a.page.getByRole('button', { name: 'More options' }).first().click();
    await a.page.getByRole('menuitem', { name: 'Edit post' }).click();
    const editor = a.page.getByRole('dialog', { name: 'Edit post' });
    await editor.getByLabel('Caption').fill(`Three gradients, reordered ${run}`);
    await editor.getByLabel('Alt text for image 1').fill('A deep blue gradient');
    await expectAccessible(a.page, `edit dialog (${screen})`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await a.page.getByText(`Three gradients, reordered ${run}`).waitFor();

    // Leo sees the new words, marked Edited, and the earlier version in its history.
    await b.page.goto(`${baseUrl}/p/${post.id}`);
    await b.page.getByText(`Three gradients, reordered ${run}`).waitFor({ timeout: 20_000 });
    const alts2 = await b.page.getByRole('region', { name: '3 images' }).locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(alts2[0]).toBe('A deep blue gradient');
    await b.page.getByRole('button', { name: 'Edited, show edit history' }).click();
    const history = b.page.getByRole('dialog', { name: 'Edit history' });
    const versions = history.getByRole('list', { name: 'Earlier versions' });
    await versions.getByText(caption, { exact: true }).waitFor();
    await versions.getByText(ALTS[2], { exact: false }).waitFor();
    await expectAccessible(b.page, `edit history (${screen})`);
  });
});
