//! The deployment of deploy/ proven in two browsers (issue 24): everything goes through nginx's
//! one address to two instances that share PostgreSQL, Redis and S3 (scripts/scale-test.sh
//! starts them). The two browsers' sockets sit on different instances, so chat, a reaction,
//! presence and a call's signalling cross instances through Redis; a story is stored in S3 and
//! served by both instances and from nginx's cache. Then the instance holding A's socket is
//! killed -9 mid-conversation: A reconnects through nginx within 5 s to the survivor, every
//! message sent meanwhile arrives exactly once on both sides, presence is right; restarted, the
//! killed instance takes traffic again. A rolling restart (SIGTERM) moves A's socket to the other
//! instance as well, and presence still ends when a browser closes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { PhoneSession } from '../e2e/browser';
import { prepareForCalls } from '../e2e/calls';
import { baseUrl, creator, longPress, phones, run, signUp, testFiles, toast, type Creator } from '../e2e/flows';
import { gradientPng } from '../e2e/png';
import {
  instanceOf,
  instances,
  killInstance,
  startInstance,
  stopInstance,
  waitGone,
  waitReady,
  watchSockets,
  type SocketLog,
} from './cluster';

const phone = phones();
const { tallPhoto } = testFiles({ tallPhoto: ['tall.png', gradientPng(180, 320, [250, 204, 21], [14, 165, 233])] });

interface Browser {
  session: PhoneSession;
  page: Page;
  sockets: SocketLog;
}

/** The open conversation's messages that show `text`. */
function message(page: Page, text: string | RegExp): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').filter({ hasText: text });
}

/** The conversation header's presence: 'Online' when the other person has a socket open anywhere. */
function online(page: Page, other: Creator): Locator {
  return page.getByRole('heading', { level: 2, name: other.displayName }).locator('xpath=..').getByText('Online', { exact: true });
}

/** The call sheet, a dialog named after the other person. */
function callSheet(page: Page, other: Creator): Locator {
  return page.getByRole('dialog', { name: other.displayName });
}

/** Runs `action` (a navigation or reload) and waits for the new socket it opens. */
async function withNewSocket(b: Browser, action: () => Promise<unknown>) {
  const before = b.sockets.handshakes.length;
  await action();
  await expect
    .poll(() => b.sockets.handshakes.slice(before).some((h) => h.status === 101), { timeout: 15_000 })
    .toBe(true);
}

/** Opens the conversation (a full page load, so a new socket) and waits for its header. */
async function openConversation(b: Browser, path: string, other: Creator) {
  await withNewSocket(b, () => b.page.goto(`${baseUrl}${path}`));
  await b.page.getByRole('heading', { level: 2, name: other.displayName }).waitFor({ timeout: 15_000 });
}

/**
 * Reloads `b` until its socket is on another instance than `other`'s (least_conn usually puts it
 * there at once), so what passes between them has to cross instances through Redis.
 */
async function apart(b: Browser, other: Browser, conversation: Creator) {
  for (let tries = 0; b.sockets.current() === other.sockets.current(); tries++) {
    expect(tries, 'nginx kept both sockets on one instance').toBeLessThan(8);
    await withNewSocket(b, () => b.page.reload());
    await b.page.getByRole('heading', { level: 2, name: conversation.displayName }).waitFor({ timeout: 15_000 });
  }
}

/** Sends that failed and were retried, as 'text: why' (printed at the end). */
const retried: string[] = [];

/**
 * Types and sends a message with Enter, and waits until the server has acknowledged it ('Sent').
 * A send can fail when its POST reached an instance in the moment it died: nginx never resends a
 * POST an instance received (it may have been written), so the browser gets 502 and shows 'Not
 * sent' with Retry. A person presses Retry; so does this, once (the exactly-once counts then
 * catch a message the dying instance had written after all).
 */
async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  const item = message(page, text).first();
  const sent = item.getByRole('img', { name: 'Sent', exact: true });
  const notSent = item.getByRole('img', { name: 'Not sent', exact: true });
  await sent.or(notSent).waitFor({ timeout: 15_000 });
  if (await sent.isVisible()) return;
  retried.push(text);
  await item.getByRole('button', { name: 'Retry' }).click();
  await sent.waitFor({ timeout: 15_000 });
}

/** The conversation's text messages as the server keeps them, read through nginx. */
async function stored(page: Page, conversationId: number): Promise<string[]> {
  const res = await page.request.get(`${baseUrl}/api/conversations/${conversationId}/messages`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: string }[]).map((m) => m.content);
}

/** The state of the page's newest RTCPeerConnection (kept on `window.__pcs` by e2e/calls.ts). */
function peerState(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.at(-1)?.connectionState ?? 'none');
}

/** Which instance nginx sent a plain request to (its `X-Atelier-Upstream`). */
async function answeredBy(): Promise<number> {
  const res = await fetch(`${baseUrl}/healthz`);
  return instanceOf(res.headers.get('x-atelier-upstream') ?? '');
}

describe('the deployment: two instances behind nginx', () => {
  it('carries chat, presence, calls and media across instances, and survives an instance killed mid-conversation', async () => {
    expect(instances).toHaveLength(2);
    const open = async (tag: string): Promise<Browser> => {
      const session = await phone(tag);
      await prepareForCalls(session);
      const sockets = await watchSockets(session.page);
      return { session, page: session.page, sockets };
    };
    const ada = creator('scale_ada', 'Ada Quill');
    const ben = creator('scale_ben', 'Ben Sato');

    // Both sign up through nginx; Ada opens Ben's profile and presses Message.
    const b = await open('scale-b');
    await signUp(b.page, ben);
    const a = await open('scale-a');
    await signUp(a.page, ada);
    await a.page.goto(`${baseUrl}/profile/${ben.username}`);
    await a.page.getByRole('button', { name: 'Message' }).click();
    await a.page.waitForURL(/\/chat\/\d+$/);
    const conversationPath = new URL(a.page.url()).pathname;
    const conversationId = Number(conversationPath.split('/').at(-1));
    await openConversation(a, conversationPath, ben);
    await openConversation(b, conversationPath, ada);
    await apart(b, a, ada);
    expect([a.sockets.current(), b.sockets.current()].sort()).toEqual([0, 1]);

    // The instances started together agree on one VAPID key (pushes signed by either verify).
    const keys = await Promise.all(
      instances.map(async (instance) => {
        const res = await a.page.request.get(`${instance}/api/push/vapid-public-key`);
        expect(res.status(), instance).toBe(200);
        return ((await res.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    // Presence crosses instances: each sees the other online.
    await online(a.page, ben).waitFor({ timeout: 15_000 });
    await online(b.page, ada).waitFor({ timeout: 15_000 });

    // Messages both ways, live.
    const hello = `Hello Ben, across instances ${run}`;
    const hi = `Hi Ada, got it ${run}`;
    await send(a.page, hello);
    await message(b.page, hello).first().waitFor({ timeout: 15_000 });
    // Ben doesn't follow Ada: her conversation is his message request until he accepts it (issue 43).
    await b.page.getByRole('region', { name: 'Message request' }).getByRole('button', { name: 'Accept' }).click();
    await send(b.page, hi);
    await message(a.page, hi).first().waitFor({ timeout: 15_000 });

    // A reaction: Ben's heart on Ada's message reaches her.
    await longPress(message(b.page, hello).first());
    await message(b.page, hello).first().getByRole('button', { name: 'React with heart' }).click();
    await message(b.page, hello).first().getByRole('button', { name: '❤️ 1' }).waitFor();
    await message(a.page, hello).first().getByRole('button', { name: '❤️ 1' }).waitFor({ timeout: 15_000 });

    // A call's signalling: Ada's call rings on Ben's screen, he accepts, their browsers connect
    // (offer, answer and candidates relayed between instances), Ada hangs up and Ben's sheet goes.
    await a.page.getByRole('button', { name: 'Voice call' }).click();
    await callSheet(a.page, ben).getByText('Calling...').waitFor();
    const incoming = callSheet(b.page, ada);
    await incoming.getByText('Incoming voice call').waitFor({ timeout: 15_000 });
    await incoming.getByRole('button', { name: 'Accept' }).click();
    for (const [page, other] of [
      [a.page, ben],
      [b.page, ada],
    ] as const) {
      await callSheet(page, other).getByRole('timer', { name: 'Call duration' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => peerState(page), { timeout: 15_000 }).toBe('connected');
    }
    await callSheet(a.page, ben).getByRole('button', { name: 'End call' }).click();
    await callSheet(b.page, ada).waitFor({ state: 'detached', timeout: 15_000 });
    await toast(b.page, 'The call has been ended.');

    // A story: uploaded through nginx, stored in S3, served by each instance from there, and the
    // second answer through nginx comes from its cache.
    await withNewSocket(a, () => a.page.goto(`${baseUrl}/create-story`));
    await a.page.locator('input[type="file"]').setInputFiles(tallPhoto);
    await a.page.getByRole('img', { name: 'Preview of your story' }).waitFor();
    await a.page.getByRole('button', { name: 'Share' }).click();
    await toast(a.page, 'Story created!');
    await a.page.getByRole('region', { name: 'Creative Moments' }).getByRole('button', { name: /^Your Story/ }).click();
    const picture = a.page.getByRole('dialog').getByRole('img', { name: /^Story by/ });
    const src = (await picture.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/[^/]+$/);
    const key = decodeURIComponent(src.slice('/media/'.length));
    const object = join(inject('s3BucketDir'), key);
    expect(existsSync(object), `the S3 server holds ${key}`).toBe(true);
    const bytes = readFileSync(object);
    expect(bytes.length).toBeGreaterThan(0);
    for (const instance of instances) {
      const res = await fetch(`${instance}${src}`);
      expect(res.status, `${instance}${src}`).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes), `${instance} serves the stored bytes`).toBe(true);
    }
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}${src}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const cacheLog = readFileSync(join(inject('scaleRun'), 'nginx', 'access.log'), 'utf8');
    expect(cacheLog.split('\n').filter((line) => line.includes(src) && line.includes('cache=HIT')).length).toBeGreaterThan(0);

    // Back in the conversation, the two sockets apart again.
    await openConversation(a, conversationPath, ben);
    await apart(b, a, ada);

    // Mid-conversation, the instance holding Ada's socket dies (kill -9).
    const before = `Before the crash ${run}`;
    await send(a.page, before);
    await message(b.page, before).first().waitFor({ timeout: 15_000 });
    const victim = a.sockets.current();
    const survivor = 1 - victim;
    expect(b.sockets.current()).toBe(survivor);
    const handshakesBefore = a.sockets.handshakes.length;
    killInstance(victim);
    const killedAt = Date.now();

    // Ben keeps talking meanwhile; his sends go through nginx to the survivor.
    const away = [`While you were away, one ${run}`, `While you were away, two ${run}`];
    await send(b.page, away[0]);
    const firstAwayAckedAt = Date.now();
    await send(b.page, away[1]);

    // Ada's browser reconnects through nginx to the survivor within 5 s.
    await expect
      .poll(() => a.sockets.handshakes.slice(handshakesBefore).find((h) => h.status === 101), { timeout: 5_000, interval: 100 })
      .toBeTruthy();
    const reconnect = a.sockets.handshakes.slice(handshakesBefore).find((h) => h.status === 101)!;
    expect(reconnect.at - killedAt).toBeLessThan(5_000);
    expect(instanceOf(reconnect.upstream)).toBe(survivor);
    // Ben's first message was in while Ada had no socket: she can only have it by catching up
    // (unless its POST was the one that reached the dying instance and was retried).
    if (!retried.includes(away[0])) expect(firstAwayAckedAt).toBeLessThan(reconnect.at);
    console.info(
      `killed instance ${victim + 1}: Ben's first message acknowledged after ${firstAwayAckedAt - killedAt} ms, ` +
        `Ada's socket back (instance ${survivor + 1}) after ${reconnect.at - killedAt} ms`,
    );

    // Ada writes again once reconnected. (Her client refetches the messages on reconnecting; a
    // send that completes while that refetch is in flight vanished from her own screen when the
    // older page landed (seen 2026-11-28, reported with issue 24): the counts below catch it.)
    const after = [`Back again, one ${run}`, `Back again, two ${run}`];
    for (const text of after) await send(a.page, text);

    // Every message arrives exactly once on both sides, and the server keeps each once.
    const everything = [hello, hi, before, ...away, ...after];
    for (const page of [a.page, b.page]) {
      for (const text of everything) {
        await expect.poll(() => message(page, text).count(), { timeout: 15_000 }).toBe(1);
      }
    }
    const kept = await stored(a.page, conversationId);
    for (const text of everything) expect(kept.filter((content) => content === text), text).toHaveLength(1);

    // Presence is right again: each sees the other online.
    await online(a.page, ben).waitFor({ timeout: 15_000 });
    await online(b.page, ada).waitFor({ timeout: 15_000 });

    // The killed instance, restarted, takes traffic again: nginx sends it requests once its
    // fail_timeout has passed, and a socket on it carries messages both ways.
    startInstance(victim);
    await waitReady(victim);
    await expect.poll(answeredBy, { timeout: 30_000, interval: 250 }).toBe(victim);
    await apart(b, a, ada);
    expect(b.sockets.current()).toBe(victim);
    const restarted = `Through the restarted instance ${run}`;
    const reply = `Loud and clear ${run}`;
    await send(a.page, restarted);
    await message(b.page, restarted).first().waitFor({ timeout: 15_000 });
    await send(b.page, reply);
    await message(a.page, reply).first().waitFor({ timeout: 15_000 });
    for (const page of [a.page, b.page]) {
      for (const text of [...everything, restarted, reply]) {
        await expect.poll(() => message(page, text).count(), { timeout: 15_000 }).toBe(1);
      }
    }
    await online(a.page, ben).waitFor({ timeout: 15_000 });
    await online(b.page, ada).waitFor({ timeout: 15_000 });

    // A rolling restart (systemctl restart: SIGTERM) of the instance holding Ada's socket: it
    // tells her socket 'server restarting' and exits; she reconnects to the other one within 5 s,
    // and what Ben sends meanwhile reaches her once.
    const holder = a.sockets.current();
    const other = 1 - holder;
    const handshakesBeforeStop = a.sockets.handshakes.length;
    stopInstance(holder);
    const stoppedAt = Date.now();
    const duringRestart = `During the rolling restart ${run}`;
    await send(b.page, duringRestart);
    await expect
      .poll(() => a.sockets.handshakes.slice(handshakesBeforeStop).find((h) => h.status === 101), { timeout: 5_000, interval: 100 })
      .toBeTruthy();
    const moved = a.sockets.handshakes.slice(handshakesBeforeStop).find((h) => h.status === 101)!;
    expect(moved.at - stoppedAt).toBeLessThan(5_000);
    expect(instanceOf(moved.upstream)).toBe(other);
    await waitGone(holder);
    const afterRestart = `After the rolling restart ${run}`;
    await send(a.page, afterRestart);
    for (const page of [a.page, b.page]) {
      for (const text of [...everything, restarted, reply, duringRestart, afterRestart]) {
        await expect.poll(() => message(page, text).count(), { timeout: 15_000 }).toBe(1);
      }
    }
    await online(a.page, ben).waitFor({ timeout: 15_000 });
    await online(b.page, ada).waitFor({ timeout: 15_000 });
    startInstance(holder);
    await waitReady(holder);

    // Ben closes his browser: Ada sees him go offline (the restarted instance counts him right).
    await b.session.close();
    await online(a.page, ben).waitFor({ state: 'detached', timeout: 15_000 });
    console.info(retried.length ? `sends retried after a 502: ${retried.join(' | ')}` : 'no send needed a retry');
  });
});
