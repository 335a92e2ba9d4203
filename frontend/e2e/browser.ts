//! Chromium for the browser tests: the system's /usr/bin/chromium driven by playwright-core
//! (no browser download), a fresh profile per context, a phone-sized viewport (or a laptop's). Its fake media
//! devices stand in for a microphone (a tone, or a WAV file given in `extraArgs`; permission granted), and WebRTC may use the
//! loopback interface with plain IP candidates, so two contexts can call each other.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { serveLocalWeb } from './local-web';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  // LocalNetworkAccessChecks: a page served by local-web.ts counts as public, and its socket to
  // 127.0.0.1 would be refused (ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS).
  '--disable-features=WebRtcHideLocalIpsWithMdns,LocalNetworkAccessChecks',
  // Two phones side by side: the one not in front must keep its timers running (a story's
  // progress stalled at 20 % once, under load, with Chromium's background throttling).
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/** Where a failed test leaves the screens it had open (git-ignored). */
export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export interface PhoneSession {
  context: BrowserContext;
  page: Page;
  /** Saves what the page shows as e2e/screenshots/{prefix}-failed.png (flows.ts: only when a test failed). */
  shotOnFailure: () => Promise<void>;
  close: () => Promise<void>;
}

/** The two screens the app is checked at: a phone (touch) and a laptop (mouse). */
export const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
export type Screen = keyof typeof SCREENS;

/**
 * `baseUrl`: the server the phone uses, when not the shared one (local-web.ts serves its app).
 * `extraArgs`: Chromium flags added to the usual ones (transcripts.e2e.ts: a microphone that
 * speaks a WAV file, `--use-file-for-fake-audio-capture`).
 */
export async function openPhone(
  prefix: string,
  screen: Screen = 'phone',
  baseUrl?: string,
  extraArgs: readonly string[] = [],
): Promise<PhoneSession> {
  const profile = await mkdtemp(join(tmpdir(), 'atelier-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, ...extraArgs],
    ...SCREENS[screen],
    deviceScaleFactor: 1,
  });
  await serveLocalWeb(context, baseUrl);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    shotOnFailure: async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${prefix}-failed.png`), timeout: 10_000 }).catch(() => undefined);
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
