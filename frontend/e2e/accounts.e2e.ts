//! Accounts in the browser (issue 41; docs/accounts-contract.md), at a phone's width and a
//! laptop's: a forgotten password reset through the mailed link; a sign-up verified through its
//! mailed link; two-factor sign-in set up from the setup key the page shows (codes computed by
//! an independent TOTP implementation, `otpauth`); and one session signing another out.
//! The mail is read from the test server's mail folder (mail.ts).
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Screen } from './browser';
import { baseUrl, creator, fillSignIn, mainNavigation, phones, signIn, signUp, type Creator } from './flows';
import { mailedLink } from './mail';

const phone = phones();
/** The password flows.ts signs up with. */
const PASSWORD = 'secret-e2e-1';

const emailOf = (who: Creator) => `${who.username}@example.com`;

async function openSettings(page: Page) {
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: 20_000 });
}

/** The code an authenticator app shows for `setupKey` (as the page groups it, spaces and all). */
function totp(setupKey: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** Waits for the next 30-second step, so the next code differs from every one already used. */
async function nextTimeStep() {
  const intoStep = Date.now() % 30_000;
  await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 500));
}

describe.each<Screen>(['phone', 'desktop'])('accounts on the %s screen', (screen) => {
  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const who = creator(`rst_${screen.slice(0, 2)}`, 'Rita Reset');
    const before = await phone(`accounts-${screen}-reset-old`, screen);
    await signUp(before.page, who);

    const { page } = await phone(`accounts-${screen}-reset`, screen);
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(emailOf(who));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText("If an account uses that address, we've sent it a link to reset the password.", { exact: true })
      .waitFor({ timeout: 15_000 });

    const link = await mailedLink(emailOf(who), '/reset-password');
    await page.goto(`${baseUrl}${link}`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password changed. Sign in with your new password.', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The old password no longer works; the new one does.
    await fillSignIn(page, who.username, PASSWORD);
    await page.getByText('Failed to login. Please check your credentials.', { exact: true }).waitFor({ timeout: 15_000 });
    await fillSignIn(page, who.username, 'brand-new-secret');
    await mainNavigation(page).waitFor({ timeout: 20_000 });

    // The reset ended the session the account had before.
    await before.page.reload();
    await before.page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });

    // The link is single use.
    const again = await phone(`accounts-${screen}-reset-again`, screen);
    await again.page.goto(`${baseUrl}${link}`);
    await again.page.getByLabel('New Password', { exact: true }).fill('another-secret');
    await again.page.getByLabel('Confirm New Password', { exact: true }).fill('another-secret');
    await again.page.getByRole('button', { name: 'Reset password' }).click();
    await again.page.getByText('This link has expired', { exact: true }).waitFor({ timeout: 15_000 });
    await again.page.getByRole('link', { name: 'Forgot password?' }).waitFor();
  });

  it('verifies a new account through the mailed link, and the banner goes', async () => {
    const who = creator(`ver_${screen.slice(0, 2)}`, 'Vera Verify');
    const { page } = await phone(`accounts-${screen}-verify`, screen);
    await signUp(page, who);
    const banner = page.getByRole('region', { name: 'Verify your email' });
    await banner.getByText(`Verify your email: we sent a link to ${emailOf(who)}.`, { exact: true }).waitFor({ timeout: 15_000 });

    const link = await mailedLink(emailOf(who), '/verify-email');
    await page.goto(`${baseUrl}${link}`);
    await page.getByText('Your email is verified', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => banner.count()).toBe(0);

    await page.goto(baseUrl);
    await mainNavigation(page).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor({ timeout: 15_000 });
    expect(await banner.count()).toBe(0);
  });

  it('sets up two-factor sign-in from the setup key, then signing in asks for a fresh code', async () => {
    const who = creator(`tfa_${screen.slice(0, 2)}`, 'Tom Twofactor');
    const { page } = await phone(`accounts-${screen}-2fa`, screen);
    await signUp(page, who);
    await openSettings(page);

    await page.getByRole('button', { name: 'Set up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Set up', exact: true }).click();
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: 15_000 });
    const setupKey = (await dialog.getByTestId('setup-key').innerText()).trim();
    expect(setupKey).toMatch(/^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/);
    const app = totp(setupKey);

    await dialog.getByLabel('Authentication code', { exact: true }).fill(app.generate());
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor({ timeout: 15_000 });
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await dialog.getByRole('button', { name: 'I saved them' }).click();
    await page.getByRole('button', { name: 'Turn off', exact: true }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('alertdialog', { name: 'Log out of Atelier?' }).getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });
    await fillSignIn(page, who.username, PASSWORD);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor({ timeout: 15_000 });
    await page.getByText('Enter the 6-digit code from your authenticator app', { exact: true }).waitFor();

    // The code used to turn it on may not be used again: wait for the app's next one.
    await nextTimeStep();
    await page.getByLabel('Authentication code', { exact: true }).fill(app.generate());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await mainNavigation(page).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Welcome, Tom Twofactor' }).waitFor({ timeout: 15_000 });
  });

  it('signs another session out from Settings, and that browser is signed out on reload', async () => {
    const who = creator(`ses_${screen.slice(0, 2)}`, 'Sal Sessions');
    const a = await phone(`accounts-${screen}-sessions-a`, screen);
    await signUp(a.page, who);
    const b = await phone(`accounts-${screen}-sessions-b`, screen);
    await signIn(b.page, { username: who.username, password: PASSWORD });

    await openSettings(a.page);
    const sessions = a.page.getByRole('region', { name: "Where you're signed in" });
    const rows = sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await sessions.getByText('This device', { exact: true }).waitFor();
    const other = rows.filter({ hasNot: a.page.getByText('This device', { exact: true }) });
    await other.getByText(/^Last active /).waitFor();
    await other.getByRole('button', { name: /^Sign out / }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);

    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 20_000 });
    // This one is still signed in.
    await a.page.reload();
    await a.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: 20_000 });
  });
});
