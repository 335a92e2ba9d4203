//! Reports and the moderation queue in the browser (issue 20): a member reports someone's post
//! from its '⋯' menu (a reason, details, 'Thanks for letting us know'); the demo admin finds the
//! case in the Reports tab (a laptop's table), removes the post after the confirmation, and the
//! post is gone for the reporter, in the feed and by its address. Against the real server
//! (global-setup.ts, seeded with `--demo`, so the admin exists).
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, DEMO_ADMIN, phones, run, showGallery, signIn, signUp, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

describe('reports', () => {
  it('report a post and remove it as the admin, the post gone for the reporter', async () => {
    const eva = creator('report_eva', 'Eva Lind');
    const finn = creator('report_finn', 'Finn Abara');
    const caption = `Cheap followers here ${run}`;

    const e = await phone('report-author');
    await signUp(e.page, eva);
    const image = `data:image/png;base64,${gradientPng(240, 160, [244, 63, 94], [250, 204, 21]).toString('base64')}`;
    const made = await e.page.request.post(`${baseUrl}/api/posts`, { data: { imageUrl: image, caption } });
    expect(made.ok()).toBe(true);
    const postId = ((await made.json()) as { id: number }).id;

    // Finn reports the post from its card's '⋯' menu.
    const f = await phone('report-reporter');
    await signUp(f.page, finn);
    await showGallery(f.page);
    const card = f.page.getByRole('article', { name: `Post by ${eva.displayName}` }).filter({ hasText: caption });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'More options' }).click();
    await f.page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    const dialog = f.page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: "It's spam" }).check();
    await dialog.getByLabel('Details (optional)').fill('A link to buy followers');
    await dialog.getByText('23/1000').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(f.page, 'Thanks for letting us know');
    await dialog.waitFor({ state: 'detached' });

    // The admin, on a laptop, removes it from the Reports tab (asked first, with a note).
    const boss = await phone('report-admin', 'desktop');
    await signIn(boss.page, DEMO_ADMIN);
    await boss.page.goto(`${baseUrl}/admin`);
    await boss.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });
    await boss.page.getByRole('tab', { name: 'Reports' }).click();
    const row = boss.page
      .getByRole('table', { name: 'Reported content' })
      .getByRole('row', { name: `Post by @${eva.username}, 1 report` });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain(caption);
    expect(await row.innerText()).toContain('Spam');
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    const confirm = boss.page.getByRole('dialog', { name: 'Remove this post?' });
    await confirm.getByLabel('Notes (optional)').fill('Spam link (e2e)');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast(boss.page, 'Removed: post report');
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    // Resolved, it shows under the filter with its outcome.
    await boss.page.getByLabel('Show', { exact: true }).selectOption('resolved');
    const resolved = boss.page
      .getByRole('table', { name: 'Reported content' })
      .getByRole('row', { name: `Post by @${eva.username}, 1 report` });
    await resolved.getByText('Removed', { exact: true }).waitFor({ timeout: 20_000 });

    // Gone for the reporter: out of the home feed after a reload, and 'Post not found' by address.
    await f.page.reload();
    await showGallery(f.page);
    await f.page.getByRole('article').first().waitFor({ timeout: 20_000 });
    expect(await card.count()).toBe(0);
    await f.page.goto(`${baseUrl}/p/${postId}`);
    await f.page.getByText('Post not found').waitFor({ timeout: 20_000 });
  });
});
