//! Transcripts of voice in the browser (issue 47, docs/transcripts.md): A's phone has a
//! microphone that says real words (Chromium's fake capture device playing a WAV file spoken by
//! espeak-ng when the test starts: "Meet me at the gallery after lunch.", a second of silence on
//! either side). A records a voice message in the conversation while B waits in it; the server,
//! started here with the Whisper model `scripts/transcribe-setup.sh` installed, transcribes it,
//! and the `transcript` event puts the words under the voice bubble on both phones ('Transcribing…'
//! until then). B then opens the conversation on a laptop (1280 px): the line is there, whole.
//! The test runs its own server (server.ts), so the shared one keeps transcription off.
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { creator, fillSignIn, mainNavigation, pastFirstRun, phones, signUp, toast, type Creator } from './flows';
import { startServer, type TestServer } from './server';

const phone = phones();
const runFile = promisify(execFile);

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VENV = process.env.ATELIER_TRANSCRIBE_VENV ?? join(homedir(), '.cache', 'atelier-transcribe');
const SENTENCE = 'Meet me at the gallery after lunch.';

/**
 * The model folder: the last line `scripts/transcribe-setup.sh` prints (quick once installed).
 * The test does not install the worker: without the virtualenv it fails and says how to get it.
 */
async function transcribeModelDir(): Promise<string> {
  if (!existsSync(join(VENV, 'bin', 'python'))) {
    throw new Error(
      `the transcription worker's virtualenv is missing at ${VENV}: run \`make services\` (or scripts/transcribe-setup.sh) ` +
        'first, or point ATELIER_TRANSCRIBE_VENV at one',
    );
  }
  const { stdout } = await runFile(join(REPO, 'scripts', 'transcribe-setup.sh'), [], { cwd: REPO, env: process.env });
  const model = stdout.trim().split('\n').at(-1) ?? '';
  if (!existsSync(join(model, 'model.bin'))) throw new Error(`scripts/transcribe-setup.sh printed no model folder (got '${model}')`);
  return model;
}

/**
 * The sentence spoken by espeak-ng, as 48 kHz mono 16-bit PCM WAV with a second of silence
 * before and after, in `dir`; answers its path and length in seconds.
 */
async function speechWav(dir: string): Promise<{ path: string; seconds: number }> {
  const raw = join(dir, 'raw.wav');
  const path = join(dir, 'speech.wav');
  // Slow (120 words a minute) and with a little room between words: under load Chromium's fake
  // device can deliver the file late, and at 140 'the gallery' once came out as 'a look at where we'.
  await runFile('espeak-ng', ['-v', 'en-us', '-s', '120', '-g', '4', '-w', raw, SENTENCE]);
  await runFile('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', raw,
    '-af', 'adelay=1000:all=1,apad=pad_dur=1',
    '-ar', '48000', '-ac', '1', '-c:a', 'pcm_s16le', path,
  ]);
  // 44 bytes of header, then 2 bytes a sample at 48 kHz.
  return { path, seconds: (statSync(path).size - 44) / (48_000 * 2) };
}

/** The message (list item of the conversation) that shows `text`. */
function message(page: Page, text: string | RegExp): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem').filter({ hasText: text }).first();
}

/** The line under a voice message: 'Transcribing…', then what was said. */
function transcriptLine(item: Locator): Locator {
  return item.locator('[data-transcript]');
}

/** Waits (up to 60 s) until the transcript under `item` says the sentence's key words; answers its text. */
async function waitForTranscript(item: Locator): Promise<string> {
  const line = transcriptLine(item);
  await expect
    .poll(async () => ((await line.count()) ? (await line.innerText()).toLowerCase() : ''), { timeout: 60_000, interval: 500 })
    .toMatch(/gallery[\s\S]*lunch/);
  return line.innerText();
}

/** Follows `who` from their profile on `serverUrl` (their messages then land in the inbox, issue 43). */
async function follow(page: Page, serverUrl: string, who: Creator) {
  await page.goto(`${serverUrl}/profile/${who.username}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Following', exact: true }).waitFor({ timeout: 15_000 });
}

/**
 * Whether the element is drawn whole: it needs no more room than it has, and neither the viewport
 * nor an ancestor that clips its overflow cuts any of it off (after scrolling it into view).
 */
async function clippedBy(locator: Locator): Promise<string[]> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const cuts: string[] = [];
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) cuts.push('not drawn');
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) cuts.push('needs more room than it has');
    const inside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      rect.left >= outer.left - 1 && rect.right <= outer.right + 1 && rect.top >= outer.top - 1 && rect.bottom <= outer.bottom + 1;
    if (!inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) cuts.push('outside the viewport');
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (`${style.overflowX} ${style.overflowY}` === 'visible visible') continue;
      if (!inside(parent.getBoundingClientRect())) cuts.push(`cut by <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
    return cuts;
  });
}

let server: TestServer;
let speechDir: string;
let speech: { path: string; seconds: number };
beforeAll(async () => {
  const model = await transcribeModelDir();
  speechDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-speech-'));
  speech = await speechWav(speechDir);
  server = await startServer(inject('atelierBin'), ['--transcribe-model-dir', model, '--transcribe-python', join(VENV, 'bin', 'python')]);
});
afterAll(async () => {
  await server?.dispose();
  if (speechDir) await rm(speechDir, { recursive: true, force: true });
});

describe('transcripts', () => {
  it("A's spoken voice message shows its words under it for B and for A, on a phone and on a laptop", async () => {
    const base = server.baseUrl;
    const alice = creator('tr_a', 'Alma Reyes');
    const bob = creator('tr_b', 'Bruno Keller');

    // B signs up and follows A; B's socket stays open (B only moves inside the app from here).
    const b = await phone('transcripts-b', 'phone', base);
    // A's microphone says the sentence once (then silence) from the moment the recording opens it.
    const a = await phone('transcripts-a', 'phone', base, [`--use-file-for-fake-audio-capture=${speech.path}%noloop`]);
    await signUp(b.page, bob, base);
    await signUp(a.page, alice, base);
    await follow(b.page, base, alice);

    // A opens a conversation with B; B opens it from the chat list and waits in it.
    await a.page.goto(`${base}/profile/${bob.username}`);
    await a.page.getByRole('heading', { name: bob.displayName }).waitFor();
    await a.page.getByRole('button', { name: 'Message' }).click();
    await a.page.waitForURL(/\/chat\/\d+$/);
    const conversationPath = new URL(a.page.url()).pathname;
    await a.page.getByRole('heading', { level: 2, name: bob.displayName }).waitFor();
    await b.page.getByTestId('bottom-nav').getByRole('link', { name: 'Messages' }).click();
    const entry = b.page.getByRole('link', { name: new RegExp(alice.displayName) });
    await entry.waitFor({ timeout: 15_000 });
    await entry.click();
    await b.page.waitForURL((url) => url.pathname === conversationPath);
    await b.page.getByRole('heading', { level: 2, name: alice.displayName }).waitFor();
    await a.page.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });

    // A records the whole clip (silence, the sentence, silence) and a second more, then sends it.
    await a.page.getByRole('button', { name: 'Record voice message' }).click();
    const timer = a.page.getByRole('timer', { name: 'Recording time' });
    await timer.waitFor();
    const recordFor = Math.ceil(speech.seconds) + 1;
    await expect.poll(() => timer.innerText(), { timeout: (recordFor + 5) * 1000 }).toBe(`${recordFor}s`);
    await a.page.getByRole('button', { name: 'Stop recording' }).click();
    await a.page.getByRole('region', { name: 'Voice message preview' }).getByRole('button', { name: 'Send voice message' }).click();
    await toast(a.page, 'Voice message sent!');
    const sent = message(a.page, /^Voice message \(\d+s\)/);
    await sent.getByRole('img', { name: 'Sent' }).waitFor({ timeout: 15_000 });

    // B sees the voice message arrive, then the line under it: 'Transcribing…' until the words.
    const received = message(b.page, /^Voice message \(\d+s\)/);
    await received.waitFor({ timeout: 15_000 });
    await transcriptLine(received).waitFor({ timeout: 15_000 });
    const started = Date.now();
    const heard = await waitForTranscript(received);
    console.info(`transcripts.e2e: B read "${heard}" ${((Date.now() - started) / 1000).toFixed(1)} s after the line appeared`);
    expect(heard.toLowerCase()).toContain('gallery');
    expect(heard.toLowerCase()).toContain('lunch');
    expect(await transcriptLine(received).getByText('Transcribing…').count()).toBe(0);

    // It is under the bubble (not in it), and the phone does not scroll sideways.
    const bubble = received.locator('[data-transcript]').locator('xpath=preceding-sibling::div[1]');
    const bubbleBox = (await bubble.boundingBox())!;
    const lineBox = (await transcriptLine(received).boundingBox())!;
    expect(lineBox.y).toBeGreaterThanOrEqual(bubbleBox.y + bubbleBox.height - 1);
    expect(await clippedBy(transcriptLine(received).locator('p'))).toEqual([]);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A's own bubble shows the same words.
    const said = await waitForTranscript(sent);
    expect(said.toLowerCase()).toContain('gallery');
    expect(said.toLowerCase()).toContain('lunch');
    expect(await clippedBy(transcriptLine(sent).locator('p'))).toEqual([]);

    // On a laptop (1280 px) B opens the conversation: the transcript comes with the message, whole.
    const laptop = await phone('transcripts-b-laptop', 'desktop', base);
    await laptop.page.goto(base);
    await laptop.page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });
    await fillSignIn(laptop.page, bob.username, 'secret-e2e-1');
    await mainNavigation(laptop.page).waitFor({ timeout: 20_000 });
    await pastFirstRun(laptop.page);
    await laptop.page.goto(`${base}${conversationPath}`);
    await laptop.page.getByRole('heading', { level: 2, name: alice.displayName }).waitFor({ timeout: 20_000 });
    const onLaptop = message(laptop.page, /^Voice message \(\d+s\)/);
    await onLaptop.waitFor({ timeout: 15_000 });
    const laptopLine = transcriptLine(onLaptop).locator('p');
    await laptopLine.waitFor({ timeout: 15_000 });
    expect(await laptopLine.isVisible()).toBe(true);
    expect((await laptopLine.innerText()).toLowerCase()).toMatch(/gallery[\s\S]*lunch/);
    expect(await clippedBy(laptopLine)).toEqual([]);
    expect(await laptop.page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
  });
});
