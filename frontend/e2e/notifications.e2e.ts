//! Notifications in the browser (issue 21): two creators in two browser contexts against the real
//! server (global-setup.ts). Leo likes Maya's post: her bell lights without a reload; she opens
//! /notifications, sees 'leo liked your post', taps it and lands on the post, and the badge is
//! gone. Then Leo messages her: her Messages tab counts it, and opening the chat clears it.
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_TEXT as TEXT } from '@/features/notifications/notifications-text';
import { baseUrl, creator, follow, mainNavigation, phones, run, signUp, toast } from './flows';
import { gradientPng } from './png';

const phone = phones();

describe('notifications', () => {
  it("a like lights the other's bell live and opens the post; a message counts on the Messages tab until read", async () => {
    const maya = creator('notify_maya', 'Maya Notify');
    const leo = creator('notify_leo', 'Leo Notify');
    const caption = `Harbour lights ${run}`;
    const hello = `Saw your harbour shot ${run}`;

    // Maya posts and waits on home: her bell has nothing to tell.
    const m = await phone('notify-maya');
    await signUp(m.page, maya);
    const image = `data:image/png;base64,${gradientPng(240, 160, [236, 72, 153], [99, 102, 241]).toString('base64')}`;
    const made = await m.page.request.post(`${baseUrl}/api/posts`, { data: { imageUrl: image, caption } });
    expect(made.ok()).toBe(true);
    const postId = ((await made.json()) as { id: number }).id;
    await m.page.goto(baseUrl);
    await m.page.getByRole('link', { name: TEXT.bellLabel(0), exact: true }).waitFor({ timeout: 20_000 });

    // Leo likes it on its page.
    const l = await phone('notify-leo');
    await signUp(l.page, leo);
    await l.page.goto(`${baseUrl}/p/${postId}`);
    const like = l.page.getByRole('button', { name: 'Like', exact: true });
    await like.waitFor({ timeout: 20_000 });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    // Maya's bell shows 1 without a reload.
    await m.page.getByRole('link', { name: TEXT.bellLabel(1) }).waitFor({ timeout: 15_000 });
    expect(await m.page.getByRole('link', { name: TEXT.bellLabel(1) }).textContent()).toContain('1');

    // She opens the notifications, finds Leo's like (unread) and taps it: the post opens.
    await m.page.getByRole('link', { name: TEXT.bellLabel(1) }).click();
    await m.page.waitForURL(/\/notifications$/);
    await m.page.getByRole('heading', { level: 1, name: TEXT.title }).waitFor();
    const row = m.page.getByRole('list', { name: TEXT.groups.today }).getByRole('link', { name: new RegExp(`^${leo.username} liked your post`) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('href')).toBe(`/p/${postId}`);
    expect(await row.getByText(TEXT.unread).count()).toBe(1);
    await row.click();
    await m.page.waitForURL(new RegExp(`/p/${postId}$`));
    await m.page.getByRole('heading', { name: /^Post by / }).waitFor({ timeout: 20_000 });

    // Back home the badge is gone; the list has it read.
    await mainNavigation(m.page).getByRole('link', { name: 'Home' }).click();
    await m.page.getByRole('link', { name: TEXT.bellLabel(0), exact: true }).waitFor({ timeout: 15_000 });
    await m.page.goto(`${baseUrl}/notifications`);
    const readRow = m.page.getByRole('link', { name: new RegExp(`^${leo.username} liked your post`) });
    await readRow.waitFor({ timeout: 15_000 });
    expect(await readRow.getByText(TEXT.unread).count()).toBe(0);

    // Leo messages her (she follows him: not a request, issue 43): her Messages tab counts it, live.
    await follow(m.page, leo);
    await m.page.goto(baseUrl);
    await mainNavigation(m.page).getByRole('link', { name: 'Messages', exact: true }).waitFor({ timeout: 20_000 });
    await l.page.goto(`${baseUrl}/profile/${maya.username}`);
    await l.page.getByRole('heading', { name: maya.displayName }).waitFor({ timeout: 20_000 });
    await l.page.getByRole('button', { name: 'Message' }).click();
    await toast(l.page, 'Conversation started!');
    await l.page.waitForURL(/\/chat\/\d+$/);
    const box = l.page.getByRole('textbox', { name: 'Message' });
    await box.fill(hello);
    await box.press('Enter');
    const tab = mainNavigation(m.page).getByRole('link', { name: 'Messages 1 unread' });
    await tab.waitFor({ timeout: 15_000 });

    // She opens the chat: the conversation shows 1 unread; opening it clears the count.
    await tab.click();
    const entry = m.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(leo.displayName) });
    await entry.filter({ hasText: hello }).waitFor({ timeout: 15_000 });
    expect(await entry.textContent()).toContain('1');
    await entry.click();
    await m.page.getByRole('list', { name: 'Messages', exact: true }).getByText(hello).waitFor({ timeout: 15_000 });
    await mainNavigation(m.page).getByRole('link', { name: 'Messages', exact: true }).waitFor({ timeout: 15_000 });
  });
});
