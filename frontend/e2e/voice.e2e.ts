//! Voice in the browser (issue 8): two creators in two browser contexts with Chromium's fake
//! microphone. A records a voice message and B plays it; A calls B, B accepts and both hear each
//! other over a real RTCPeerConnection on loopback (connected, audio bytes received), until A
//! hangs up; A calls again, B declines, A leaves a voicemail and B finds '1 new' and plays it.
//! Runs against the real server started by global-setup.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prepareForCalls } from './calls';
import { baseUrl, creator, follow, phones, signUp, toast, type Creator } from './flows';

const phone = phones();

/** The newest peer connection of the page: its state and the audio bytes it received. */
function peerStats(page: Page): Promise<{ state: string; bytesReceived: number }> {
  return page.evaluate(async () => {
    const pc = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.at(-1);
    if (!pc) return { state: 'none', bytesReceived: 0 };
    let bytesReceived = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytesReceived += report.bytesReceived ?? 0;
    });
    return { state: pc.connectionState, bytesReceived };
  });
}

/** The message (list item of the conversation) that shows `text`. */
function message(page: Page, text: string | RegExp): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').filter({ hasText: text }).first();
}

/**
 * Two creators with a conversation: B signs up and stays signed in (the socket B opens then stays
 * open: B only moves inside the app), A signs up, opens B's profile and presses Message; then B
 * goes to `bWaitsOn`: the home screen, the conversation list, or the conversation.
 */
async function pair(tag: string, bWaitsOn: 'home' | 'chat' | 'conversation') {
  const alice = creator(`${tag}_a`, 'Alma Reyes');
  const bob = creator(`${tag}_b`, 'Bruno Keller');
  const b = await phone(`${tag}-b`);
  await prepareForCalls(b);
  await signUp(b.page, bob);
  const a = await phone(`${tag}-a`);
  await prepareForCalls(a);
  await signUp(a.page, alice);
  // B follows A, so A's messages land in B's Chats rather than Requests (issue 43).
  await follow(b.page, alice);
  await a.page.goto(`${baseUrl}/profile/${bob.username}`);
  await a.page.getByRole('heading', { name: bob.displayName }).waitFor();
  await a.page.getByRole('button', { name: 'Message' }).click();
  await a.page.waitForURL(/\/chat\/\d+$/);
  const conversationPath = new URL(a.page.url()).pathname;
  await a.page.getByRole('heading', { level: 2, name: bob.displayName }).waitFor();
  await a.page.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
  if (bWaitsOn !== 'home') {
    await b.page.getByTestId('bottom-nav').getByRole('link', { name: 'Messages' }).click();
    const entry = b.page.getByRole('link', { name: new RegExp(alice.displayName) });
    await entry.waitFor({ timeout: 15_000 });
    if (bWaitsOn === 'conversation') {
      await entry.click();
      await b.page.waitForURL((url) => url.pathname === conversationPath);
      await b.page.getByRole('heading', { level: 2, name: alice.displayName }).waitFor();
    }
  }
  return { a, b, alice, bob };
}

/** The call sheet (a dialog named after the other person). */
function callSheet(page: Page, other: Creator): Locator {
  return page.getByRole('dialog', { name: other.displayName });
}

describe('voice', () => {
  it('A records and sends a voice message and B plays it', async () => {
    const { a, b, alice } = await pair('voice_msg', 'chat');

    await a.page.getByRole('button', { name: 'Record voice message' }).click();
    const timer = a.page.getByRole('timer', { name: 'Recording time' });
    await timer.waitFor();
    await expect.poll(() => timer.innerText(), { timeout: 10_000 }).toBe('2s');
    // Stop gives a preview (issue 43); Send sends it.
    await a.page.getByRole('button', { name: 'Stop recording' }).click();
    await a.page.getByRole('region', { name: 'Voice message preview' }).getByRole('button', { name: 'Send voice message' }).click();
    await toast(a.page, 'Voice message sent!');
    await a.page.getByText(/^Sent \d second voice message$/).waitFor();
    const sent = message(a.page, /^Voice message \(\ds\)/);
    await sent.getByRole('img', { name: 'Sent' }).waitFor();

    // B's list shows it as 'Voice message'; in the conversation it plays from /media.
    const entry = b.page.getByRole('link', { name: new RegExp(alice.displayName) });
    await entry.filter({ hasText: 'Voice message' }).waitFor({ timeout: 15_000 });
    await entry.click();
    const received = message(b.page, /^Voice message \(\ds\)/);
    await received.waitFor();
    const audio = received.locator('audio');
    expect(await audio.getAttribute('src')).toMatch(/^\/media\//);
    // The styled player's button plays it (issue 43).
    await received.getByRole('button', { name: 'Play voice message' }).click();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime > 0 || element.ended), { timeout: 15_000 })
      .toBe(true);
  });

  it('A calls B, B accepts, both talk over a real peer connection, A hangs up and B returns to idle', async () => {
    const { a, b, alice, bob } = await pair('voice_call', 'home');

    await a.page.getByRole('button', { name: 'Voice call' }).click();
    const outgoing = callSheet(a.page, bob);
    await outgoing.getByText('Calling...').waitFor();

    // B rings on the home screen: the call layer is in the app shell, not only on /chat.
    const incoming = callSheet(b.page, alice);
    await incoming.getByText('Incoming voice call').waitFor({ timeout: 15_000 });
    await incoming.getByRole('button', { name: 'Accept' }).click();

    for (const [page, other] of [
      [a.page, bob],
      [b.page, alice],
    ] as const) {
      await callSheet(page, other).getByRole('timer', { name: 'Call duration' }).waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await peerStats(page)).state, { timeout: 15_000 }).toBe('connected');
      await expect.poll(async () => (await peerStats(page)).bytesReceived, { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await toast(a.page, 'Call connected');

    // Mute toggles A's microphone track.
    await callSheet(a.page, bob).getByRole('button', { name: 'Mute' }).click();
    // Muted, the button offers 'Unmute' (issue 43).
    await callSheet(a.page, bob).getByRole('button', { name: 'Unmute' }).click();
    await callSheet(a.page, bob).getByRole('button', { name: 'Mute' }).waitFor();

    await callSheet(a.page, bob).getByRole('button', { name: 'End call' }).click();
    await toast(a.page, 'Call ended');
    await a.page.getByText(/^Duration \d\d:\d\d$/).waitFor();
    await callSheet(a.page, bob).waitFor({ state: 'detached' });
    await callSheet(b.page, alice).waitFor({ state: 'detached', timeout: 15_000 });
    await toast(b.page, 'The call has been ended.');
    expect(await peerStats(b.page)).toMatchObject({ state: 'closed' });

    // The conversation keeps a line for the call.
    await message(a.page, /^Voice call · \d+:\d\d/).waitFor({ timeout: 15_000 });
  });

  it("A calls, B declines, A leaves a voicemail, B sees '1 new' and plays it", async () => {
    const { a, b, alice, bob } = await pair('voice_vm', 'conversation');

    await a.page.getByRole('button', { name: 'Voice call' }).click();
    const incoming = callSheet(b.page, alice);
    await incoming.getByText('Incoming voice call').waitFor({ timeout: 15_000 });
    await incoming.getByRole('button', { name: 'Reject' }).click();
    await incoming.waitFor({ state: 'detached' });

    await toast(a.page, 'The call was declined by the other user.');
    const sheet = callSheet(a.page, bob);
    await sheet.getByText('Call declined').waitFor();
    await sheet.getByRole('button', { name: 'Leave a voicemail' }).click();
    const timer = sheet.getByRole('timer', { name: 'Recording time' });
    await timer.waitFor({ timeout: 10_000 });
    await expect.poll(() => timer.innerText(), { timeout: 10_000 }).toBe('0:02');
    await sheet.getByRole('button', { name: 'Stop recording' }).click();
    await sheet.getByRole('button', { name: 'Send Voicemail' }).click();
    await toast(a.page, `Sent to ${bob.displayName}`);
    await sheet.waitFor({ state: 'detached' });
    await message(a.page, 'Declined voice call').waitFor({ timeout: 15_000 });

    // B opens the voicemails from the chat header.
    await b.page.getByRole('link', { name: 'Open voicemails' }).click();
    await b.page.waitForURL(/\/voicemail$/);
    await b.page.getByRole('heading', { level: 1, name: 'Voicemails' }).waitFor();
    await b.page.getByText('1 new', { exact: true }).waitFor({ timeout: 15_000 });
    const card = b.page.getByRole('article', { name: `Voicemail from ${alice.displayName}` });
    await card.getByText('New', { exact: true }).waitFor();
    expect(await card.innerText()).toMatch(/0:0[1-3]/);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByRole('button', { name: `Play voicemail from ${alice.displayName}` }).click();
    await expect
      .poll(() => card.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime > 0 || element.ended), {
        timeout: 15_000,
      })
      .toBe(true);
    await card.getByText('New', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    await b.page.getByText('1 new', { exact: true }).waitFor({ state: 'detached' });
  });
});
