//! Collections of saved posts (issue 44), at 390 and 1280 px: a creator saves two posts, makes a
//! collection from the SAVED tab holding one of them, adds the other from its Save button (a
//! long press on the phone, a right click on the laptop), renames the collection and deletes it,
//! the posts staying saved. axe finds nothing on the SAVED tab or the dialogs.
//! Runs against the real server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, createPost, creator, expectAccessible, phones, run, signUp, testFiles } from './flows';
import { gradientPng } from './png';

const phone = phones();

const { kelp, gulls } = testFiles({
  kelp: ['kelp.png', gradientPng(240, 240, [30, 120, 60], [5, 40, 20])],
  gulls: ['gulls.png', gradientPng(240, 240, [220, 220, 230], [90, 100, 140])],
});

/** A collection's chip: its name, then how many posts (read out only). */
function chipName(name: string, count: string) {
  return new RegExp(`^${name}\\s*,\\s*${count}$`);
}

async function savePost(page: Page, id: number) {
  await page.goto(`${baseUrl}/p/${id}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor({ timeout: 20_000 });
  await save.click();
  await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
}

async function openSaved(page: Page, username: string) {
  await page.goto(`${baseUrl}/profile/${username}`);
  await page.getByRole('tab', { name: 'SAVED' }).click();
  return page.getByRole('group', { name: 'Collections' });
}

/** A finger held on Save for the long press (touch pointer events), or a right click. */
async function openSaveMenu(page: Page, save: Locator, screen: Screen) {
  await save.scrollIntoViewIfNeeded();
  if (screen === 'phone') {
    const box = await save.boundingBox();
    const at = { clientX: (box?.x ?? 0) + 8, clientY: (box?.y ?? 0) + 8, pointerType: 'touch', isPrimary: true, pointerId: 1 };
    // The page behind the dialog leaves the accessibility tree: lift the finger on the element.
    const button = await save.elementHandle();
    await button!.dispatchEvent('pointerdown', at);
    await page.getByRole('dialog', { name: 'Save to collection' }).waitFor();
    await button!.dispatchEvent('pointerup', at);
  } else {
    await save.click({ button: 'right' });
  }
  return page.getByRole('dialog', { name: 'Save to collection' });
}

describe.each<Screen>(['phone', 'desktop'])('collections on a %s', (screen) => {
  it('are made from the SAVED tab, added to from the Save button, renamed and deleted', async () => {
    const tag = `col_${screen.slice(0, 1)}`;
    const ana = creator(`${tag}_ana`, 'Ana Lind');
    const name = `Sea ${run}`;
    const a = await phone(`${tag}-ana`, screen);
    await signUp(a.page, ana);
    const first = await createPost(a.page, ana, kelp, `Kelp forest ${run}`);
    const second = await createPost(a.page, ana, gulls, `Gulls at noon ${run}`);
    await savePost(a.page, first);
    await savePost(a.page, second);

    // From SAVED: a new collection named and given the kelp post.
    const group = await openSaved(a.page, ana.username);
    await group.getByRole('button', { name: 'All saved' }).waitFor();
    await a.page.getByRole('list', { name: 'All saved' }).getByRole('link').nth(1).waitFor({ timeout: 20_000 });
    await group.getByRole('button', { name: 'New collection' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Name').fill(name);
    // A tap on the picture ticks it.
    await dialog.getByRole('img', { name: new RegExp(`^Kelp forest ${run}`) }).click();
    expect(await dialog.getByRole('checkbox', { name: new RegExp(`^Kelp forest ${run}`) }).isChecked()).toBe(true);
    await expectAccessible(a.page, `new collection dialog (${screen})`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const chip = group.getByRole('button', { name: chipName(name, '1 post') });
    await chip.waitFor({ timeout: 20_000 });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    const grid = a.page.getByRole('list', { name: `Posts in ${name}` });
    await grid.getByRole('link', { name: new RegExp(`^Kelp forest ${run}`) }).waitFor();
    expect(await grid.getByRole('link').count()).toBe(1);
    await expectAccessible(a.page, `a collection on SAVED (${screen})`);

    // From the gulls post's Save button: the collection ticked; the post stays saved.
    await a.page.goto(`${baseUrl}/p/${second}`);
    const save = a.page.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor({ timeout: 20_000 });
    const menu = await openSaveMenu(a.page, save, screen);
    const choice = menu.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await choice.waitFor();
    expect(await choice.isChecked()).toBe(false);
    const added = a.page.waitForResponse((res) => res.url().endsWith('/posts') && res.request().method() === 'POST');
    await menu.getByText(name, { exact: true }).click();
    expect((await added).status()).toBe(200);
    await expectAccessible(a.page, `save to collection dialog (${screen})`);
    await menu.getByRole('button', { name: 'Done' }).click();
    expect(await save.getAttribute('aria-pressed')).toBe('true');

    // Both in it now, the gulls first; renamed.
    await openSaved(a.page, ana.username);
    await group.getByRole('button', { name: chipName(name, '2 posts') }).click();
    const both = a.page.getByRole('list', { name: `Posts in ${name}` });
    await both.getByRole('link').nth(1).waitFor({ timeout: 20_000 });
    expect(await both.getByRole('link').first().getAttribute('href')).toBe(`/p/${second}`);
    await a.page.getByRole('button', { name: 'Rename' }).click();
    const rename = a.page.getByRole('dialog', { name: 'Rename collection' });
    await rename.getByLabel('Name').fill(`${name} studies`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await a.page.getByRole('heading', { name: `${name} studies` }).waitFor();

    // Deleted: back on All saved, both posts still saved.
    await a.page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = a.page.getByRole('alertdialog', { name: 'Delete collection?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const all = a.page.getByRole('list', { name: 'All saved' });
    await all.getByRole('link').nth(1).waitFor({ timeout: 20_000 });
    expect(await group.getByRole('button', { name: new RegExp(`^${name}`) }).count()).toBe(0);
  });
});
