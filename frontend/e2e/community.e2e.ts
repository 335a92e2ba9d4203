//! Conversation around the work in the browser (issue 19): comments, replies, comment likes and
//! deletion on a post; its #tag's page; explore's three search groups; a post shared into a chat
//! and opened from there; a reel liked (the heart and a double tap) and commented on. Two or
//! three creators in their own browser contexts, against the real server (global-setup.ts).
//! Counts are compared with what the page showed before, never as totals of the shared database.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, creator, createPost, follow, phones, run, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';
import { COMMENTS_PAGE_SIZE } from '../src/features/comments/api/keys';

const phone = phones();

const { photo } = testFiles({
  photo: ['harbour.png', gradientPng(240, 160, [14, 116, 144], [236, 72, 153])],
});

function commentsList(page: Page): Locator {
  return page.getByRole('list', { name: 'Comments' });
}

function comment(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text }).first();
}

async function postComment(scope: Page | Locator, text: string) {
  const field = scope.getByRole('combobox', { name: 'Add a comment' });
  await field.fill(text);
  await scope.getByRole('button', { name: 'Post', exact: true }).click();
}

/** The number at the start of a count's text ('3 comments' → 3). */
async function countOf(locator: Locator): Promise<number> {
  return Number(((await locator.textContent()) ?? '').replace(/[^\d].*$/s, '').replace(/,/g, '') || 0);
}

describe('comments, tags, search and sharing', () => {
  it('comments, replies, likes and deletes on a post; its tag has a page; search finds it in three groups', async () => {
    const alice = creator('talk_alice', 'Alice Moreno');
    const bob = creator('talk_bob', 'Bob Lindqvist');
    const tag = `${run}harbour`;
    const place = `${run}ville`;
    const caption = `Harbour study #${tag} for @${bob.username}`;

    const b = await phone('community-b');
    await signUp(b.page, bob);
    const a = await phone('community-a');
    await signUp(a.page, alice);
    const postId = await createPost(a.page, alice, photo, caption, place);

    // Bob opens the post by its address and comments: it shows at once, and the count follows.
    await b.page.goto(`${baseUrl}/p/${postId}`);
    await b.page.getByRole('heading', { name: `Post by ${alice.displayName}` }).waitFor({ timeout: 20_000 });
    await b.page.getByText('No comments yet').waitFor();
    const bobSays = `Lovely light ${run}`;
    await postComment(b.page, bobSays);
    await commentsList(b.page).getByText(bobSays).waitFor();
    await expect.poll(() => b.page.getByTestId('comments-count').textContent()).toBe('1 comment');
    // The caption's mention and tag are links.
    expect(await b.page.getByRole('link', { name: `@${bob.username}` }).first().getAttribute('href')).toBe(`/profile/${bob.username}`);

    // Alice likes it and replies in its thread.
    await a.page.goto(`${baseUrl}/p/${postId}`);
    const bobsComment = comment(a.page, bobSays);
    await bobsComment.waitFor({ timeout: 20_000 });
    await bobsComment.getByRole('button', { name: 'Like comment' }).first().click();
    await expect.poll(() => bobsComment.getByRole('button', { name: 'Like comment' }).first().getAttribute('aria-pressed')).toBe('true');
    await bobsComment.getByText('1 like').waitFor();
    await bobsComment.getByRole('button', { name: 'Reply' }).first().click();
    await expect.poll(() => a.page.getByRole('combobox', { name: 'Add a comment' }).inputValue()).toBe(`@${bob.username} `);
    const aliceSays = `Thank you ${run}`;
    await a.page.getByRole('combobox', { name: 'Add a comment' }).pressSequentially(aliceSays);
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    const replies = a.page.getByRole('list', { name: `Replies to ${bob.username}` });
    await replies.getByText(aliceSays).waitFor();
    await expect.poll(() => a.page.getByTestId('comments-count').textContent()).toBe('2 comments');

    // Bob sees the like and the reply after a reload, as the server keeps them.
    await b.page.reload();
    const mine = comment(b.page, bobSays);
    await mine.getByText('1 like').waitFor({ timeout: 20_000 });
    await mine.getByRole('button', { name: 'View replies (1)' }).click();
    await b.page.getByRole('list', { name: `Replies to ${bob.username}` }).getByText(aliceSays).waitFor();
    // Bob may delete his own comment but not Alice's reply.
    expect(await mine.getByRole('button', { name: 'Delete comment' }).count()).toBe(1);

    // Alice, the post's author, deletes Bob's comment: its reply goes with it.
    // Deleting asks first (issue 43).
    await bobsComment.getByRole('button', { name: 'Delete comment' }).first().click();
    const asking = a.page.getByRole('alertdialog', { name: 'Delete comment?' });
    await asking.getByText('Its reply goes with it. This cannot be undone.').waitFor();
    await asking.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(a.page, 'Comment deleted');
    await a.page.getByText('No comments yet').waitFor();
    await expect.poll(() => a.page.getByTestId('comments-count').textContent()).toBe('0 comments');

    // The caption's tag opens the tag's page: its count and its grid.
    await a.page.getByRole('link', { name: `#${tag}` }).first().click();
    await a.page.waitForURL(new RegExp(`/explore/tags/${tag}$`));
    await a.page.getByRole('heading', { name: `#${tag}` }).waitFor();
    await a.page.getByText('1 post', { exact: true }).waitFor();
    expect(await a.page.getByRole('list', { name: `Posts tagged #${tag}` }).getByRole('link').first().getAttribute('href')).toBe(`/p/${postId}`);

    // Explore's search: this run's accounts, the tag and the post (found by its place).
    await b.page.goto(`${baseUrl}/explore`);
    await b.page.getByPlaceholder('Search users, tags, or locations...').fill(run);
    const accounts = b.page.getByRole('list', { name: 'Accounts' });
    await accounts.getByText(`@${alice.username}`).waitFor({ timeout: 20_000 });
    const tags = b.page.getByRole('list', { name: 'Tags' });
    await tags.getByRole('link', { name: new RegExp(`#${tag}`) }).waitFor();
    const posts = b.page.getByRole('list', { name: 'Posts' });
    const found = posts.getByRole('link', { name: `${caption}, ${place}` });
    await found.waitFor();
    await found.getByText(place).waitFor();
    await found.click();
    await b.page.waitForURL(new RegExp(`/p/${postId}$`));
    // An unmatched search says so in each group.
    await b.page.goto(`${baseUrl}/explore`);
    await b.page.getByPlaceholder('Search users, tags, or locations...').fill(`zq${run}nothing`);
    await b.page.getByText('No users found').waitFor({ timeout: 20_000 });
    await b.page.getByText('No tags found').waitFor();
    await b.page.getByText('No posts found').waitFor();
  });

  it('shares a post into a chat, where it arrives live and opens the post', async () => {
    const cara = creator('share_cara', 'Cara Jensen');
    const dev = creator('share_dev', 'Dev Patel');
    const caption = `Ink study ${run}`;

    const d = await phone('community-share-d');
    await signUp(d.page, dev);
    const c = await phone('community-share-c');
    await signUp(c.page, cara);
    const postId = await createPost(c.page, cara, photo, caption, '');
    // Cara follows Dev: his chat is in her Chats, where 'Send to…' finds it (issue 43).
    await follow(c.page, dev);

    // Dev starts a conversation with Cara and keeps it open.
    await d.page.goto(`${baseUrl}/profile/${cara.username}`);
    await d.page.getByRole('button', { name: 'Message' }).click();
    await d.page.waitForURL(/\/chat\/\d+$/);
    const conversationPath = new URL(d.page.url()).pathname;
    const box = d.page.getByRole('textbox', { name: 'Message' });
    await box.fill(`Hi Cara ${run}`);
    await box.press('Enter');
    await d.page.getByText(`Hi Cara ${run}`).first().waitFor();

    // Cara sends her post to Dev from the card's paper plane.
    await c.page.goto(`${baseUrl}/p/${postId}`);
    const card = c.page.getByRole('article', { name: `Post by ${cara.displayName}` });
    await card.getByRole('button', { name: 'Share' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Send to…' });
    await dialog.getByRole('searchbox', { name: 'Search conversations' }).fill(dev.displayName.slice(0, 3));
    await dialog.getByRole('button', { name: `Send to ${dev.displayName}` }).click();
    await toast(c.page, 'Sent');
    await dialog.getByRole('button', { name: `Sent to ${dev.displayName}` }).waitFor();
    // (Escape would close the 'Sent' toast first: it is the top layer.)
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => countOf(card.getByText(/^\d+ shares?$/)), { timeout: 15_000 }).toBe(1);

    // Dev sees the card arrive live, and it opens the post.
    const shared = d.page.getByRole('link', { name: new RegExp(`^Open post by ${cara.displayName}: ${caption}`) });
    await shared.waitFor({ timeout: 20_000 });
    expect(new URL(d.page.url()).pathname).toBe(conversationPath);
    await shared.click();
    await d.page.waitForURL(new RegExp(`/p/${postId}$`));
    await d.page.getByRole('article', { name: `Post by ${cara.displayName}` }).getByText(caption).waitFor();
  });

  it('likes a reel with the heart and a double tap, and comments on it', async () => {
    const eve = creator('reel_eve', 'Eve Laurent');
    const { page } = await phone('community-reel');
    await signUp(page, eve);
    await page.goto(`${baseUrl}/reels`);
    const reel = page.locator('section[data-active]');
    await reel.waitFor({ timeout: 20_000 });
    const heart = reel.getByRole('button', { name: 'Like' });
    const likes = reel.getByTestId('reel-likes-count');
    const before = await countOf(likes);

    const liked = page.waitForResponse((r) => /\/api\/reels\/\d+\/like$/.test(new URL(r.url()).pathname));
    await heart.click();
    const reelId = Number(/\/api\/reels\/(\d+)\/like$/.exec(new URL((await liked).url()).pathname)?.[1]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countOf(likes)).toBeGreaterThan(before);
    // The heart again takes the like back; a double tap on the video likes.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    // Away from the Play button in the middle and '+ New reel' at the top.
    await reel.locator('video').dblclick({ position: { x: 60, y: 180 } });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // The bubble opens the comments.
    const commentsBefore = await countOf(reel.getByTestId('reel-comments-count'));
    await reel.getByRole('button', { name: 'Comments' }).click();
    const sheet = page.getByRole('dialog', { name: 'Comments' });
    await sheet.waitFor();
    const text = `Great loop ${run}`;
    await postComment(sheet, text);
    await sheet.getByText(text).waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => countOf(reel.getByTestId('reel-comments-count'))).toBeGreaterThan(commentsBefore);

    // Opened again at that reel, the server has both: the like and the comment.
    await page.goto(`${baseUrl}/reels?reel=${reelId}`);
    const again = page.locator('section[data-active]');
    await again.waitFor({ timeout: 20_000 });
    await expect.poll(() => again.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true');
    await again.getByRole('button', { name: 'Comments' }).click();
    await page.getByRole('dialog', { name: 'Comments' }).getByText(text).waitFor({ timeout: 20_000 });
  });
  it('loads older comments as the reader scrolls up to the top of the sheet', async () => {
    const gus = creator('talk_gus', 'Gus Okafor');
    const { page } = await phone('community-older');
    await signUp(page, gus);
    // One more than two pages of comments on a seeded reel, sent through the API as Gus.
    const reels = await page.request.get(`${baseUrl}/api/reels?limit=1`);
    const [reel] = (await reels.json()) as { id: number }[];
    const first = `Older ${run} 00`;
    for (let i = 0; i <= 2 * COMMENTS_PAGE_SIZE; i += 1) {
      const content = i === 0 ? first : `Older ${run} ${String(i).padStart(2, '0')}`;
      const sent = await page.request.post(`${baseUrl}/api/reels/${reel.id}/comments`, { data: { content } });
      expect(sent.status()).toBe(201);
    }

    await page.goto(`${baseUrl}/reels?reel=${reel.id}`);
    const active = page.locator('section[data-active]');
    await active.waitFor({ timeout: 20_000 });
    await active.getByRole('button', { name: 'Comments' }).click();
    const sheet = page.getByRole('dialog', { name: 'Comments' });
    await sheet.getByText(`Older ${run} ${2 * COMMENTS_PAGE_SIZE}`).waitFor({ timeout: 20_000 });
    const list = commentsList(page);
    const shown = () => list.getByText(new RegExp(`^Older ${run} `)).count();
    expect(await shown()).toBe(COMMENTS_PAGE_SIZE);

    // Scrolling down and back up to the top brings the older pages in, without a click; the
    // comment at the top before each page stays where it was.
    const scroller = list.locator('xpath=ancestor::div[contains(@class, "overflow-y-auto")][1]');
    await scroller.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    for (let pageNo = 2; pageNo <= 3; pageNo += 1) {
      const before = await shown();
      await scroller.evaluate((node) => node.scrollTo(0, 0));
      await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(before);
      expect(await scroller.evaluate((node) => node.scrollTop)).toBeGreaterThan(0);
    }
    await list.getByText(first, { exact: true }).waitFor();
    expect(await sheet.getByRole('button', { name: 'View older comments' }).count()).toBe(0);
  });
});
