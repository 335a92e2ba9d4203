//! Private accounts in the browser (issue 20): a creator turns Private Account on in Settings;
//! another sees 'This account is private' on her profile, asks to follow ('Requested'); she
//! approves from the follow requests on her own profile, and her posts appear for him. She is on
//! a laptop, he on a phone. New creators in their own browser contexts, against the real server
//! (global-setup.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FOLLOW_REQUESTS_TEXT, FOLLOW_TEXT, PRIVATE_PROFILE_TEXT } from '@/features/users/privacy-text';
import { baseUrl, creator, mainNavigation, phones, run, showGallery, signUp, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

/** Flips a settings switch and waits for the server to have saved it. */
async function flip(page: Page, name: string) {
  const saved = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/user/settings' && res.request().method() === 'PUT' && res.ok(),
  );
  await page.getByRole('switch', { name, exact: true }).click();
  await saved;
}

describe('private accounts', () => {
  it("a private account's request approved and the posts appearing", async () => {
    const iris = creator('private_iris', 'Iris Vale');
    const jon = creator('private_jon', 'Jon Reyes');
    const caption = `Night ferry ${run}`;

    // Iris posts, then turns Private Account on; the switch says what turning it off would do.
    const a = await phone('privacy-iris', 'desktop');
    await signUp(a.page, iris);
    const image = `data:image/png;base64,${gradientPng(240, 160, [14, 165, 233], [168, 85, 247]).toString('base64')}`;
    const made = await a.page.request.post(`${baseUrl}/api/posts`, { data: { imageUrl: image, caption } });
    expect(made.ok()).toBe(true);
    await a.page.goto(`${baseUrl}/settings`);
    await a.page.getByRole('switch', { name: 'Private Account', exact: true, checked: false }).waitFor({ timeout: 20_000 });
    await flip(a.page, 'Private Account');
    await a.page.getByText(/Turning it off approves every pending follow request/).waitFor();

    // Jon sees her header and counts, 'This account is private', and no posts; he asks to follow.
    const b = await phone('privacy-jon');
    await signUp(b.page, jon);
    await b.page.goto(`${baseUrl}/profile/${iris.username}`);
    await b.page.getByRole('heading', { name: iris.displayName }).waitFor({ timeout: 20_000 });
    const locked = b.page.getByRole('region', { name: PRIVATE_PROFILE_TEXT.title });
    await locked.getByText(PRIVATE_PROFILE_TEXT.follow).waitFor();
    expect(await b.page.getByRole('tab').count()).toBe(0);
    expect(await b.page.getByRole('list', { name: 'Posts' }).count()).toBe(0);
    await b.page.getByRole('button', { name: FOLLOW_TEXT.follow, exact: true }).click();
    await b.page.getByRole('button', { name: FOLLOW_TEXT.requested, exact: true }).waitFor({ timeout: 15_000 });
    await toast(b.page, FOLLOW_TEXT.requestSent);
    await locked.getByText(PRIVATE_PROFILE_TEXT.requested).waitFor();

    // Iris finds the request on her own profile and approves it.
    await a.page.goto(`${baseUrl}/profile/${iris.username}`);
    await a.page.getByRole('heading', { name: iris.displayName }).waitFor({ timeout: 20_000 });
    await a.page.getByRole('button', { name: FOLLOW_REQUESTS_TEXT.entryLabel('1') }).click();
    const dialog = a.page.getByRole('dialog', { name: FOLLOW_REQUESTS_TEXT.title });
    await dialog.getByRole('link', { name: new RegExp(jon.displayName) }).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: FOLLOW_REQUESTS_TEXT.approveLabel(jon.username) }).click();
    await dialog.getByText(FOLLOW_REQUESTS_TEXT.empty).waitFor();
    await toast(a.page, FOLLOW_REQUESTS_TEXT.approved(jon.username));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Her follower count took him in.
    await a.page.getByRole('region', { name: 'Profile' }).getByRole('listitem').filter({ hasText: /^1Followers$/ }).waitFor({ timeout: 15_000 });

    // Jon goes home and back to her profile in the app: it is read again, and her post shows.
    await mainNavigation(b.page).getByRole('link', { name: 'Home' }).click();
    await showGallery(b.page);
    await b.page.goBack();
    await b.page.getByRole('button', { name: FOLLOW_TEXT.following, exact: true }).waitFor({ timeout: 20_000 });
    await b.page
      .getByRole('list', { name: 'Posts' })
      .getByRole('link', { name: new RegExp(`^${caption}`) })
      .waitFor({ timeout: 20_000 });
    expect(await locked.count()).toBe(0);
  });
});
