//! Group conversations in the browser (issue 22): three creators in three browser contexts,
//! phone-sized, against the real server (global-setup.ts). Alma makes a group with Ben and Cleo
//! from 'Start New Chat'; it appears in their lists live. Everyone talks (the others' names above
//! their messages, 'Ben … is typing…'), Alma sees 'Seen by 2' once both have opened it, Ben
//! renames it and everyone's header follows, and Alma (the owner) removes Cleo, whose open group
//! closes and leaves her list. axe checks the group's chat and its members sheet.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creator, baseUrl, phones, run, signUp, toast, type Creator } from './flows';

const phone = phones();

/** The message (list item of the conversation) that shows `text`. */
function message(page: Page, text: string): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').filter({ hasText: text }).first();
}

/** The group's entry in the conversation list. */
function entry(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(name) });
}

/** Nothing is wider than the 390 px phone. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** No serious or critical axe violation on the page as it is (open dialogs included). */
async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await message(page, text).getByRole('img', { name: 'Sent' }).waitFor();
}

/** Picks `who` in the new group's search (by username: unique to this run). */
async function pick(dialog: Locator, who: Creator) {
  await dialog.getByRole('searchbox', { name: 'Search users' }).fill(who.username);
  await dialog.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(who.displayName) }).click();
  await dialog.getByRole('list', { name: 'Picked people' }).getByText(who.displayName).waitFor();
}

describe('group conversations', () => {
  it('makes a group of three who talk, read, rename it, and where the owner removes one', async () => {
    const alma = creator('group_alma', 'Alma Group');
    const ben = creator('group_ben', 'Ben Group');
    const cleo = creator('group_cleo', 'Cleo Group');
    const trip = `Trip ${run}`;
    const lisbon = `Lisbon ${run}`;
    const hello = `Hello both, trip plans? ${run}`;
    const fromBen = `In! ${run}`;
    const fromCleo = `Me too ${run}`;

    // Ben and Cleo sign up and wait on their (empty) conversation lists.
    const b = await phone('group-ben');
    await signUp(b.page, ben);
    await b.page.goto(`${baseUrl}/chat`);
    await b.page.getByText('No conversations yet').waitFor();
    const c = await phone('group-cleo');
    await signUp(c.page, cleo);
    await c.page.goto(`${baseUrl}/chat`);
    await c.page.getByText('No conversations yet').waitFor();

    // Alma makes the group from 'Start New Chat' → 'New group': a name and the two of them.
    const a = await phone('group-alma');
    await signUp(a.page, alma);
    await a.page.goto(`${baseUrl}/chat`);
    await a.page.getByRole('button', { name: 'Start New Chat' }).click();
    await a.page.getByRole('dialog', { name: 'Start New Chat' }).getByRole('button', { name: 'New group' }).click();
    const form = a.page.getByRole('dialog', { name: 'New group' });
    await form.getByRole('textbox', { name: 'Group name' }).fill('x'.repeat(61));
    await form.getByText('A group name can be at most 60 characters').waitFor();
    await form.getByRole('textbox', { name: 'Group name' }).fill(trip);
    await pick(form, ben);
    await pick(form, cleo);
    await form.getByRole('button', { name: 'Create group' }).click();
    await toast(a.page, 'Group created');
    await a.page.waitForURL(/\/chat\/\d+$/);
    const groupPath = new URL(a.page.url()).pathname;
    await a.page.getByRole('heading', { level: 2, name: trip }).waitFor();
    await a.page.getByText(/^3 members/).waitFor();
    await message(a.page, `You created the group “${trip}”`).waitFor();
    // Calls are one-to-one: no call button in a group.
    expect(await a.page.getByRole('button', { name: 'Voice call' }).count()).toBe(0);
    await fitsTheScreen(a.page);
    await noSeriousViolations(a.page);

    // The group appears in Ben's and Cleo's lists without a reload, with its first line.
    await entry(b.page, trip).filter({ hasText: `${alma.displayName} created the group` }).waitFor({ timeout: 15_000 });
    await entry(c.page, trip).waitFor({ timeout: 15_000 });

    // Alma says hello; both see it arrive in their lists.
    await send(a.page, hello);
    await entry(b.page, trip).filter({ hasText: hello }).waitFor({ timeout: 15_000 });
    await entry(c.page, trip).filter({ hasText: hello }).waitFor({ timeout: 15_000 });

    // Ben opens it: her message carries her name; his read shows on her side as 'Seen by 1'.
    await entry(b.page, trip).click();
    expect(new URL(b.page.url()).pathname).toBe(groupPath);
    await message(b.page, hello).getByText(alma.displayName).waitFor();
    const seenBy = a.page.getByTestId('seen-by');
    await seenBy.getByRole('button', { name: 'Seen by 1' }).waitFor({ timeout: 15_000 });

    // Cleo opens it too: 'Seen by 2' under Alma's message, and a tap names them.
    await entry(c.page, trip).click();
    await message(c.page, hello).waitFor();
    await seenBy.getByRole('button', { name: 'Seen by 2' }).waitFor({ timeout: 15_000 });
    await seenBy.getByRole('button', { name: 'Seen by 2' }).click();
    const readers = a.page.getByRole('dialog', { name: 'Seen by' });
    await readers.getByText(ben.displayName, { exact: true }).waitFor();
    await readers.getByText(cleo.displayName, { exact: true }).waitFor();
    await a.page.keyboard.press('Escape');
    await readers.waitFor({ state: 'detached' });

    // Ben types (Alma sees who) and answers; Cleo answers too. Each sees the others' names.
    const benBox = b.page.getByRole('textbox', { name: 'Message' });
    await benBox.pressSequentially('In', { delay: 30 });
    await a.page.getByRole('status', { name: `${ben.displayName} is typing…` }).waitFor({ timeout: 10_000 });
    await benBox.fill('');
    await send(b.page, fromBen);
    await message(a.page, fromBen).getByText(ben.displayName).waitFor({ timeout: 15_000 });
    await message(c.page, fromBen).getByText(ben.displayName).waitFor({ timeout: 15_000 });
    await send(c.page, fromCleo);
    await message(a.page, fromCleo).getByText(cleo.displayName).waitFor({ timeout: 15_000 });
    await message(b.page, fromCleo).getByText(cleo.displayName).waitFor({ timeout: 15_000 });

    // Ben (a member, not the owner) renames it from the members sheet: everyone's header follows.
    await b.page.getByRole('button', { name: trip }).click();
    const benSheet = b.page.getByRole('dialog', { name: trip });
    expect(await benSheet.getByRole('button', { name: 'Add people' }).count()).toBe(0);
    expect(await benSheet.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await benSheet.getByRole('button', { name: 'Rename' }).click();
    await benSheet.getByRole('textbox', { name: 'Group name' }).fill(lisbon);
    await benSheet.getByRole('button', { name: 'Save' }).click();
    await b.page.getByRole('dialog', { name: lisbon }).waitFor();
    await b.page.keyboard.press('Escape');
    await b.page.getByRole('heading', { level: 2, name: lisbon }).waitFor();
    await a.page.getByRole('heading', { level: 2, name: lisbon }).waitFor({ timeout: 15_000 });
    await c.page.getByRole('heading', { level: 2, name: lisbon }).waitFor({ timeout: 15_000 });
    await message(a.page, `${ben.displayName} named the group “${lisbon}”`).waitFor({ timeout: 15_000 });

    // Alma, the owner, opens the sheet: she is marked Owner, and removes Cleo.
    await a.page.getByRole('button', { name: lisbon }).click();
    const almaSheet = a.page.getByRole('dialog', { name: lisbon });
    const members = almaSheet.getByRole('list', { name: 'Members' });
    await members.getByRole('listitem').filter({ hasText: alma.displayName }).getByText('Owner').waitFor();
    await almaSheet.getByRole('button', { name: 'Add people' }).waitFor();
    await noSeriousViolations(a.page);
    // Removing asks first (issue 43).
    await almaSheet.getByRole('button', { name: `Remove ${cleo.displayName}` }).click();
    await a.page
      .getByRole('alertdialog', { name: `Remove ${cleo.displayName} from the group?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await members.getByRole('listitem').filter({ hasText: cleo.displayName }).waitFor({ state: 'detached' });
    await almaSheet.getByText('2 members').waitFor();
    await a.page.keyboard.press('Escape');
    await message(a.page, `You removed ${cleo.displayName}`).waitFor({ timeout: 15_000 });
    await message(b.page, `${alma.displayName} removed ${cleo.displayName}`).waitFor({ timeout: 15_000 });

    // Cleo had it open: it closes, back to her list, which no longer has it.
    await c.page.waitForURL(/\/chat$/, { timeout: 15_000 });
    await toast(c.page, "You're no longer in this group.");
    await c.page.getByText('No conversations yet').waitFor();
    expect(await entry(c.page, lisbon).count()).toBe(0);
    await fitsTheScreen(c.page);
  });
});
