//! Steps the browser tests share: unique creator names for this run, signing up through the
//! landing page, waiting for a toast, and phones that close after each test.
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, type PhoneSession, type Screen } from './browser';

export const baseUrl = inject('baseUrl');
const atelierBin = inject('atelierBin');
const databaseUrl = inject('databaseUrl');
const mediaStore = inject('mediaStore');
const runFile = promisify(execFile);
/** Tells this run's accounts and captions apart from earlier runs' on the same server. */
export const run = Date.now().toString(36);

export interface Creator {
  username: string;
  displayName: string;
}

export function creator(tag: string, displayName: string): Creator {
  return { username: `${tag}_${run}`, displayName };
}

export async function signUp(page: Page, who: Creator) {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Email', { exact: true }).fill(`${who.username}@example.com`);
  await page.getByLabel(/Display Name/).fill(who.displayName);
  await page.getByLabel('Password', { exact: true }).fill('secret-e2e-1');
  await page.getByLabel('Confirm Password').fill('secret-e2e-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('bottom-nav').waitFor({ timeout: 20_000 });
}

/** Waits for a toast's text; toasts show one at a time for 5 s. */
export async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Opens phones (browser contexts) for the test file's tests; each is closed after its test. */
export function phones(): (name: string, screen?: Screen) => Promise<PhoneSession> {
  const open: PhoneSession[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (name, screen) => {
    const session = await openPhone(name, screen);
    open.push(session);
    return session;
  };
}

/**
 * Adds `cents` of creator earnings to `username` through the CLI (`atelier admin credit USER
 * CENTS --note e2e`), against the database and media store the test server uses (given as the
 * environment variables the flags mirror). Answers what the command printed.
 */
export async function creditUser(username: string, cents: number): Promise<string> {
  const { stdout } = await runFile(atelierBin, ['admin', 'credit', username, String(cents), '--note', 'e2e'], {
    cwd: dirname(mediaStore),
    env: { ...process.env, DATABASE_URL: databaseUrl, ATELIER_MEDIA_STORE: mediaStore },
  });
  return stdout;
}

/** The seeded demo admin (`atelier seed --demo`); sign-in asks for the email too (spec 000 §5). */
export const DEMO_ADMIN = {
  username: process.env.ATELIER_ADMIN_USERNAME ?? 'admin',
  email: process.env.ATELIER_ADMIN_EMAIL ?? 'admin@atelier.test',
  password: process.env.ATELIER_ADMIN_PASSWORD ?? 'atelier-admin',
};

/** Signs in through the landing page and waits for the app. */
export async function signIn(page: Page, creds: { username: string; email: string; password: string }) {
  await page.goto(baseUrl);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Username', { exact: true }).fill(creds.username);
  await page.getByLabel('Email', { exact: true }).fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByTestId('bottom-nav').waitFor({ timeout: 20_000 });
}
