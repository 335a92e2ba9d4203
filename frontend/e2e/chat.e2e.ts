//! Chat in the browser (issue 7): two creators in two browser contexts. Alice opens Bob's
//! profile, presses Message and lands in the conversation; her message reaches Bob live (no
//! reload); Bob replies to it and reacts with a heart, and Alice sees him typing, the reply and
//! the reaction live. Runs against the real server started by global-setup.ts. Issue 43: Bob
//! doesn't follow Alice, so her message lands in his Requests until he accepts it; a voice note
//! waits as a preview (Delete sends nothing); an unsent message reads 'Message removed' on the
//! other side, live.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptRequest, baseUrl, creator, follow, longPress, phones, run, signUp, toast } from './flows';

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

    // Bob doesn't follow Alice: her message is a request (issue 43). It appears live in his
    // Requests tab, not in his Chats, and he opens it without reloading.
    await b.page.getByRole('tab', { name: 'Requests' }).click();
    const entry = b.page.getByRole('tabpanel').getByRole('link', { name: new RegExp(alice.displayName) });
    await entry.filter({ hasText: hello }).waitFor({ timeout: 15_000 });
    await entry.getByRole('img', { name: 'Online' }).waitFor();
    await entry.click();
    expect(new URL(b.page.url()).pathname).toBe(conversationPath);
    await message(b.page, hello).waitFor();
    await b.page.getByRole('heading', { level: 2, name: alice.displayName }).waitFor();
    const requestBar = b.page.getByRole('region', { name: 'Message request' });
    await requestBar.getByText(`${alice.displayName} wants to send you a message.`).waitFor();
    expect(await b.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await fitsTheScreen(b.page);

    // Accept: the composer takes the bar's place, and the chat is in his Chats now.
    await requestBar.getByRole('button', { name: 'Accept' }).click();
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await b.page.getByRole('button', { name: 'Back to conversations' }).click();
    expect(await b.page.getByRole('tab', { name: 'Chats' }).getAttribute('aria-selected')).toBe('true');
    await b.page.getByRole('tabpanel').getByRole('link', { name: new RegExp(alice.displayName) }).click();
    await b.page.waitForURL((url) => url.pathname === conversationPath);

    // Reading it now told her: Alice sees 'Seen' under her message, live (issue 22).
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

  it('previews a voice note; Delete sends nothing, Send sends it', async () => {
    const erin = creator('chat_voice_e', 'Erin Walsh');
    const finn = creator('chat_voice_f', 'Finn Larsen');
    const f = await phone('chat-voice-f');
    await signUp(f.page, finn);
    const e = await phone('chat-voice-e');
    await signUp(e.page, erin);
    await e.page.goto(`${baseUrl}/profile/${finn.username}`);
    await e.page.getByRole('button', { name: 'Message' }).click();
    await e.page.waitForURL(/\/chat\/\d+$/);
    const conversationId = Number(new URL(e.page.url()).pathname.split('/').pop());
    const sends: string[] = [];
    e.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/conversations/${conversationId}/messages`)) sends.push(request.url());
    });

    // Stop gives a preview: a player with the length, Delete and Send; nothing is sent.
    await e.page.getByRole('button', { name: 'Record voice message' }).click();
    const timer = e.page.getByRole('timer', { name: 'Recording time' });
    await expect.poll(() => timer.innerText(), { timeout: 10_000 }).toBe('2s');
    await e.page.getByRole('button', { name: 'Stop recording' }).click();
    const preview = e.page.getByRole('region', { name: 'Voice message preview' });
    await preview.getByText(/^0:0[1-3]$/).waitFor();
    await preview.getByRole('button', { name: 'Play voice message preview' }).waitFor();
    await fitsTheScreen(e.page);

    // Delete: it is gone, and nothing went to the server.
    await preview.getByRole('button', { name: 'Delete voice message' }).click();
    await preview.waitFor({ state: 'detached' });
    await e.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await e.page.getByText('No messages yet. Say hello!').waitFor();
    expect(sends).toEqual([]);
    const stored = await e.page.request.get(`${baseUrl}/api/conversations/${conversationId}/messages`);
    expect(await stored.json()).toEqual([]);

    // Recorded again and sent: one voice message, with its player.
    await e.page.getByRole('button', { name: 'Record voice message' }).click();
    await expect.poll(() => timer.innerText(), { timeout: 10_000 }).toBe('1s');
    await e.page.getByRole('button', { name: 'Stop recording' }).click();
    await preview.getByRole('button', { name: 'Send voice message' }).click();
    await toast(e.page, 'Voice message sent!');
    await message(e.page, 'Voice message').getByRole('button', { name: 'Play voice message' }).waitFor();
    expect(sends).toHaveLength(1);
  });

  it("unsends a message: the other side sees 'Message removed' live; an edit shows 'edited'", async () => {
    const gus = creator('chat_unsend_g', 'Gus Moreno');
    const hana = creator('chat_unsend_h', 'Hana Ito');
    const oops = `Wrong chat, sorry ${run}`;
    const plan = `Dinner at 8? ${run}`;
    const h = await phone('chat-unsend-h');
    await signUp(h.page, hana);
    const g = await phone('chat-unsend-g');
    await signUp(g.page, gus);
    // Hana follows Gus: his messages land in her Chats.
    await follow(h.page, gus);

    await g.page.goto(`${baseUrl}/profile/${hana.username}`);
    await g.page.getByRole('button', { name: 'Message' }).click();
    await g.page.waitForURL(/\/chat\/\d+$/);
    const conversationPath = new URL(g.page.url()).pathname;
    const box = g.page.getByRole('textbox', { name: 'Message' });
    for (const text of [plan, oops]) {
      await box.fill(text);
      await box.press('Enter');
      await message(g.page, text).getByRole('img', { name: 'Sent' }).waitFor();
    }

    await h.page.goto(`${baseUrl}${conversationPath}`);
    await message(h.page, oops).waitFor({ timeout: 15_000 });

    // Gus unsends: he is asked first; then both sides show 'Message removed' in its place.
    await longPress(message(g.page, oops));
    await message(g.page, oops).getByRole('button', { name: 'Unsend message' }).click();
    const asking = g.page.getByRole('alertdialog', { name: 'Unsend message?' });
    await fitsTheScreen(g.page);
    await asking.getByRole('button', { name: 'Unsend' }).click();
    await asking.waitFor({ state: 'detached' });
    await message(g.page, 'Message removed').waitFor();
    await message(h.page, 'Message removed').waitFor({ timeout: 15_000 });
    expect(await h.page.getByText(oops).count()).toBe(0);

    // He edits the other (within 15 minutes): Hana sees the new words marked 'edited', live.
    await longPress(message(g.page, plan));
    await message(g.page, plan).getByRole('button', { name: 'Edit message' }).click();
    const editor = g.page.getByRole('dialog', { name: 'Edit message' });
    await editor.getByRole('textbox').fill(`Dinner at 9? ${run}`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const edited = message(h.page, `Dinner at 9? ${run}`);
    await edited.getByText('edited', { exact: true }).waitFor({ timeout: 15_000 });

    // A reload shows the same.
    await h.page.reload();
    await message(h.page, 'Message removed').waitFor({ timeout: 15_000 });
    await message(h.page, `Dinner at 9? ${run}`).getByText('edited', { exact: true }).waitFor();
  });

  it('puts a stranger\'s message in Requests at 1280 px; Accept moves it to Chats', async () => {
    const ivy = creator('chat_request_i', 'Ivy Chen');
    const jon = creator('chat_request_j', 'Jon Berg');
    const j = await phone('chat-request-j', 'desktop');
    await signUp(j.page, jon);
    const i = await phone('chat-request-i');
    await signUp(i.page, ivy);
    await i.page.goto(`${baseUrl}/profile/${jon.username}`);
    await i.page.getByRole('button', { name: 'Message' }).click();
    await i.page.waitForURL(/\/chat\/\d+$/);
    const box = i.page.getByRole('textbox', { name: 'Message' });
    await box.fill(`Hi Jon ${run}`);
    await box.press('Enter');
    await message(i.page, `Hi Jon ${run}`).getByRole('img', { name: 'Sent' }).waitFor();

    await j.page.goto(`${baseUrl}/chat`);
    await j.page.getByText('No conversations yet').waitFor();
    await acceptRequest(j.page, ivy.displayName);
    await j.page.getByRole('tab', { name: 'Chats' }).click();
    await j.page.getByRole('tabpanel').getByRole('link', { name: new RegExp(ivy.displayName) }).waitFor();
    await j.page.getByRole('tab', { name: 'Requests' }).click();
    await j.page.getByText('No message requests').waitFor();
  });
});
