//! Chromium for the browser tests: the system's /usr/bin/chromium driven by playwright-core
//! (no browser download), a fresh profile per context, a phone-sized viewport (or a laptop's). Its fake media
//! devices stand in for a microphone (a tone, permission granted), and WebRTC may use the
//! loopback interface with plain IP candidates, so two contexts can call each other.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { localWebArgs, serveLocalWeb } from './local-web';

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
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  // Two phones side by side: the one not in front must keep its timers running (a story's
  // progress stalled at 20 % once, under load, with Chromium's background throttling).
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export interface PhoneSession {
  context: BrowserContext;
  page: Page;
  /** Saves e2e/screenshots/{prefix}-{nn}-{name}.png. */
  shot: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

/** The two screens the app is checked at: a phone (touch) and a laptop (mouse). */
export const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
export type Screen = keyof typeof SCREENS;

export async function openPhone(prefix: string, screen: Screen = 'phone'): Promise<PhoneSession> {
  const profile = await mkdtemp(join(tmpdir(), 'atelier-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: localWebArgs(ARGS),
    ...SCREENS[screen],
    deviceScaleFactor: 1,
  });
  await serveLocalWeb(context);
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let step = 0;
  return {
    context,
    page,
    shot: async (name) => {
      step += 1;
      await page.waitForTimeout(300); // let a toast finish fading in
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${prefix}-${String(step).padStart(2, '0')}-${name}.png`) });
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
