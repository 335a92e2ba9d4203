//! Chat in the browser (issue 7): two creators in two browser contexts. Alice opens Bob's
//! profile, presses Message and lands in the conversation; her message reaches Bob live (no
//! reload); Bob replies to it and reacts with a heart, and Alice sees him typing, the reply and
//! the reaction live. Runs against the real server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, longPress, phones, run, signUp, toast } from './flows';

const phone = phones();

/** The message (list item of the conversation) that shows `text`. */
function message(page: Page, text: string): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').filter({ hasText: text }).first();
}

/** Nothing is wider than the 390 px phone. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('chat', () => {
  it('carries messages, replies, reactions, typing and presence live between two creators', async () => {
    const alice = creator('chat_alice', 'Alice Moreau');
    const bob = creator('chat_bob', 'Bob Tanaka');
    const hello = `Hello Bob, loved your reel ${run}`;
    const reply = `Thanks Alice! ${run}`;

    // Bob signs up and waits on his (empty) conversation list.
    const b = await phone('chat-b');
    await signUp(b.page, bob);
    await b.page.getByRole('link', { name: 'Messages' }).click();
    expect(new URL(b.page.url()).pathname).toBe('/chat');
    await b.page.getByText('No conversations yet').waitFor();

    // Alice opens his profile and presses Message: she lands in the conversation.
    const a = await phone('chat-a');
    await signUp(a.page, alice);
    await a.page.goto(`${baseUrl}/profile/${bob.username}`);
    await a.page.getByRole('heading', { name: bob.displayName }).waitFor();
    await a.page.getByRole('button', { name: 'Message' }).click();
    await toast(a.page, 'Conversation started!');
    await a.page.waitForURL(/\/chat\/\d+$/);
    const conversationPath = new URL(a.page.url()).pathname;
    const header = a.page.getByRole('heading', { level: 2, name: bob.displayName });
    await header.waitFor();
    expect(await header.getByRole('link').getAttribute('href')).toBe(`/profile/${bob.username}`);
    // Bob has the chat open in another context: he is online.
    await a.page.getByText('Online', { exact: true }).waitFor();
    await a.page.getByRole('link', { name: 'Open voicemails' }).waitFor();
    expect(await a.page.getByRole('button', { name: 'Back to conversations' }).count()).toBe(1);
    await fitsTheScreen(a.page);

    // She sends a message: Enter sends, and it is shown as sent.
    const box = a.page.getByRole('textbox', { name: 'Message' });
    expect(await box.getAttribute('placeholder')).toBe('Message...');
    expect(await a.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await box.fill(hello);
    await box.press('Enter');
    expect(await box.inputValue()).toBe('');
    await message(a.page, hello).getByRole('img', { name: 'Sent' }).waitFor();

    // Bob sees the conversation appear with the message, without reloading, and opens it.
    const entry = b.page.getByRole('link', { name: new RegExp(alice.displayName) });
    await entry.filter({ hasText: hello }).waitFor({ timeout: 15_000 });
    await entry.getByRole('img', { name: 'Online' }).waitFor();
    await entry.click();
    expect(new URL(b.page.url()).pathname).toBe(conversationPath);
    await message(b.page, hello).waitFor();
    await b.page.getByRole('heading', { level: 2, name: alice.displayName }).waitFor();
    await fitsTheScreen(b.page);

    // Opening it read it: Alice sees 'Seen' under her message, live (issue 22).
    await a.page.getByText('Seen', { exact: true }).waitFor({ timeout: 15_000 });

    // He replies to it: a long press shows the actions.
    await longPress(message(b.page, hello));
    await message(b.page, hello).getByRole('button', { name: 'Reply' }).click();
    await b.page.getByText(`Replying to ${alice.displayName}`).waitFor();
    const bobBox = b.page.getByRole('textbox', { name: 'Message' });
    await bobBox.pressSequentially('Thanks', { delay: 30 });

    // Alice sees him typing.
    await a.page.getByRole('status', { name: 'Typing' }).waitFor({ timeout: 10_000 });

    await bobBox.fill(reply);
    await bobBox.press('Enter');
    await message(b.page, reply).getByRole('img', { name: 'Sent' }).waitFor();

    // Alice gets the reply live, quoting her message; the dots are gone.
    const replied = message(a.page, reply);
    await replied.waitFor({ timeout: 15_000 });
    await replied.getByRole('blockquote').filter({ hasText: hello }).waitFor();
    await a.page.getByRole('status', { name: 'Typing' }).waitFor({ state: 'detached' });

    // Bob reacts to her message with a heart; she sees it live.
    await longPress(message(b.page, hello));
    await message(b.page, hello).getByRole('button', { name: 'React with heart' }).click();
    const bobChip = message(b.page, hello).getByRole('button', { name: '❤️ 1' });
    await bobChip.waitFor();
    expect(await bobChip.getAttribute('aria-pressed')).toBe('true');

    const aliceChip = message(a.page, hello).getByRole('button', { name: '❤️ 1' });
    await aliceChip.waitFor({ timeout: 15_000 });
    expect(await aliceChip.getAttribute('aria-pressed')).toBe('false');

    // Back on Alice's list the conversation carries Bob's reply as its last message.
    await a.page.getByRole('button', { name: 'Back to conversations' }).click();
    await a.page.getByRole('link', { name: new RegExp(bob.displayName) }).filter({ hasText: reply }).waitFor();

    // Alice leaves, from the header's 'Chat details' menu, and is asked first (issue 43): on the
    // 390 px phone, Cancel keeps the chat and gives the focus back to the menu button.
    await a.page.getByRole('link', { name: new RegExp(bob.displayName) }).click();
    await a.page.waitForURL((url) => url.pathname === conversationPath);
    expect(await a.page.getByRole('button', { name: 'Leave chat' }).count()).toBe(0);
    const details = a.page.getByRole('button', { name: 'Chat details' });
    await details.click();
    await a.page.getByRole('menuitem', { name: 'Leave chat' }).click();
    const asking = a.page.getByRole('alertdialog', { name: 'Leave this chat?' });
    await asking.waitFor();
    await fitsTheScreen(a.page);
    await asking.getByRole('button', { name: 'Cancel' }).click();
    await asking.waitFor({ state: 'detached' });
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(a.page.url()).pathname).toBe(conversationPath);
    await message(a.page, reply).waitFor();

    // Leave leaves: the conversation leaves her list.
    await details.click();
    await a.page.getByRole('menuitem', { name: 'Leave chat' }).click();
    await asking.getByRole('button', { name: 'Leave' }).click();
    await toast(a.page, 'You have left the conversation');
    await a.page.waitForURL(/\/chat$/);
    await a.page.getByText('No conversations yet').waitFor();
  });

  it('starts a chat from the new-chat dialog', async () => {
    const carol = creator('chat_carol', 'Carol Diaz');
    const dan = creator('chat_dan', 'Dan Okoro');
    const d = await phone('chat-dialog-d');
    await signUp(d.page, dan);

    const c = await phone('chat-dialog-c');
    await signUp(c.page, carol);
    await c.page.goto(`${baseUrl}/chat`);
    await c.page.getByRole('button', { name: 'Start New Chat' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Start New Chat' });
    await dialog.getByText('Start typing to search for users').waitFor();
    await dialog.getByPlaceholder('Search users...').fill(`nobody_${run}_zz`);
    await dialog.getByText('No users found').waitFor();
    await dialog.getByPlaceholder('Search users...').fill(dan.username);
    await dialog.getByRole('button', { name: new RegExp(dan.displayName) }).click();
    await toast(c.page, 'Conversation started!');
    await c.page.waitForURL(/\/chat\/\d+$/);
    await c.page.getByRole('heading', { level: 2, name: dan.displayName }).waitFor();
    await c.page.getByText('No messages yet. Say hello!').waitFor();
  });
});
