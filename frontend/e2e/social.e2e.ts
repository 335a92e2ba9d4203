//! The social core in the browser (issue 5): two creators in two browser contexts post,
//! search, follow, like and save; plus create-post validation, own vs other profiles and the
//! avatar change. Runs against the real server started by global-setup.ts.
import { describe, expect, it } from 'vitest';
import { baseUrl, createPost, creator, phones, run, showGallery, signUp, testFiles, toast } from './flows';
import { gradientPng } from './png';


const { photo, avatar, notAnImage } = testFiles({
  photo: ['sunset.png', gradientPng(240, 160, [255, 94, 58], [88, 28, 135])],
  avatar: ['avatar.png', gradientPng(96, 96, [20, 184, 166], [236, 72, 153])],
  notAnImage: ['notes.txt', 'just some words'],
});

const phone = phones();


describe('the social core', () => {
  it('lets one creator post a photo that another finds, follows, likes and saves', async () => {
    const alice = creator('alice', 'Alice Rivera');
    const bob = creator('bob', 'Bob Okafor');
    const caption = `Sunset study ${run}`;

    // Alice posts a photo picked from a file.
    const a = await phone('social-a');
    await signUp(a.page, alice);
    await showGallery(a.page);
    await a.page.getByRole('button', { name: 'Create', exact: true }).click();
    await a.page.getByRole('dialog', { name: 'Create' }).waitFor();
    await a.page.getByRole('button', { name: 'Photo Post' }).click();
    await a.page.getByRole('heading', { name: 'Create Post' }).waitFor();
    expect(new URL(a.page.url()).pathname).toBe('/create');
    expect(await a.page.getByRole('dialog').count()).toBe(0);
    await a.page.locator('input[type="file"]').setInputFiles(photo);
    await a.page.getByRole('img', { name: 'Preview of your post' }).waitFor();
    await a.page.getByLabel('Caption').fill(caption);
    await a.page.getByText(`${caption.length}/2200`).waitFor();
    await a.page.getByLabel('Location (optional)').fill('Lisbon');
    await a.page.getByLabel('Tags (optional)').fill('sunset, , gradient ');
    await a.page.getByRole('button', { name: 'Share' }).click();
    await toast(a.page, 'Post created!');
    await showGallery(a.page);
    expect(new URL(a.page.url()).pathname).toBe('/');
    const aliceCard = a.page.getByRole('article', { name: `Post by ${alice.displayName}` }).first();
    await aliceCard.getByText(caption).waitFor();
    await aliceCard.getByText('#gradient').waitFor();
    await aliceCard.getByText('Lisbon').waitFor();
    await aliceCard.getByText('now', { exact: true }).waitFor();
    // Stored on the server: a /media/ URL, with the space reserved from its size.
    const image = aliceCard.getByRole('img', { name: caption });
    expect(await image.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Bob finds Alice on Explore and follows her.
    const b = await phone('social-b');
    await signUp(b.page, bob);
    await b.page.goto(`${baseUrl}/explore`);
    await b.page.getByPlaceholder('Search users, tags, or locations...').fill(`  ${alice.username} `);
    await b.page.getByRole('heading', { name: 'Search Results' }).waitFor();
    const row = b.page.getByRole('listitem').filter({ hasText: `@${alice.username}` });
    await row.getByText(alice.displayName).waitFor();
    await row.getByText('0 followers').waitFor();
    await row.getByRole('button', { name: 'Follow' }).click();
    await toast(b.page, 'You are now following this user!');
    await row.getByRole('button', { name: 'Following' }).waitFor();
    await row.getByText('1 follower').waitFor();

    await b.page.getByPlaceholder('Search users, tags, or locations...').fill(`nobody_${run}_zz`);
    await b.page.getByText('No users found').waitFor();

    // Bob sees her post in the gallery, likes and saves it.
    await b.page.getByRole('link', { name: 'Home' }).click();
    await showGallery(b.page);
    const card = b.page.getByRole('article', { name: `Post by ${alice.displayName}` }).filter({ hasText: caption });
    await card.waitFor();
    await card.getByText('0 likes').waitFor();
    await card.getByRole('button', { name: 'Like' }).click();
    await card.getByText('1 like', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => card.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true');

    // Alice reloads and sees the like.
    await a.page.reload();
    await showGallery(a.page);
    const reloaded = a.page.getByRole('article', { name: `Post by ${alice.displayName}` }).filter({ hasText: caption });
    await reloaded.getByText('1 like', { exact: true }).waitFor();
    // Her profile counts the post and the new follower.
    await a.page.goto(`${baseUrl}/profile`);
    await a.page.getByRole('heading', { name: alice.displayName }).waitFor();
    expect(new URL(a.page.url()).pathname).toBe(`/profile/${alice.username}`);
    const counts = a.page.getByRole('region', { name: 'Profile' });
    await counts.getByText(/^1\s*Posts$/).waitFor();
    await counts.getByText(/^1\s*Followers$/).waitFor();
    await a.page.getByRole('link', { name: new RegExp(`^${caption}, 1 like, 0 comments$`) }).waitFor();

    // Bob finds it under SAVED on his profile.
    await b.page.getByRole('link', { name: /Profile$/ }).click();
    await b.page.getByRole('heading', { name: bob.displayName }).waitFor();
    await b.page.getByRole('tab', { name: 'SAVED' }).click();
    const saved = b.page.getByRole('link', { name: new RegExp(`^${caption}, 1 like`) });
    await saved.waitFor();
    await saved.click();
    // A tile opens the post's page (issue 19).
    await b.page.waitForURL(/\/p\/\d+$/);
    await b.page.getByRole('heading', { name: `Post by ${alice.displayName}` }).waitFor();
    await b.page.getByRole('article', { name: `Post by ${alice.displayName}` }).getByText(caption).first().waitFor();
  });

  it('checks the create-post form before sending', async () => {
    const c = await phone('social-create');
    await signUp(c.page, creator('carol', 'Carol Diaz'));
    await c.page.goto(`${baseUrl}/create`);
    await c.page.getByRole('heading', { name: 'Create Post' }).waitFor();
    await c.page.getByText('JPG, PNG, GIF up to 500MB').waitFor();

    await c.page.getByRole('button', { name: 'Share' }).click();
    await toast(c.page, 'Please select an image or enter a URL');

    await c.page.locator('input[type="file"]').setInputFiles(notAnImage);
    await toast(c.page, 'Invalid file type');
    await toast(c.page, 'Please select an image file.');

    await c.page.getByRole('radio', { name: 'From URL' }).click();
    await c.page.getByLabel('Image URL').waitFor();
    // The screen's Close (a toast has one too while it shows).
    await c.page.getByRole('main').getByRole('button', { name: 'Close' }).click();
    await showGallery(c.page);
    expect(new URL(c.page.url()).pathname).toBe('/');
  });

  it('shows Settings and Logout on your own profile, Follow and Message on others, and changes the avatar', async () => {
    const dana = creator('dana', 'Dana Kim');
    const d = await phone('social-profile');
    await signUp(d.page, dana);

    await d.page.goto(`${baseUrl}/profile/${dana.username}`);
    await d.page.getByRole('heading', { name: dana.displayName }).waitFor();
    await d.page.getByRole('link', { name: 'Settings' }).waitFor();
    await d.page.getByRole('button', { name: 'Logout' }).first().waitFor();
    await d.page.getByText('No Posts Yet').waitFor();
    expect(await d.page.getByRole('button', { name: 'Message' }).count()).toBe(0);
    expect(await d.page.getByRole('button', { name: /^Follow/ }).count()).toBe(0);
    await d.page.getByRole('tab', { name: 'SAVED' }).click();
    await d.page.getByText('No Saved Posts').waitFor();

    await d.page.getByRole('button', { name: 'Edit Profile' }).click();
    const header = d.page.getByRole('region', { name: 'Profile' });
    const dialog = d.page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Bio').fill('Photographer and motion designer');
    await dialog.getByRole('button', { name: 'Photography' }).click();
    await dialog.getByRole('button', { name: 'Motion Graphics' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(d.page, 'Profile updated');
    await header.getByText('Photographer and motion designer').waitFor();
    await header.getByRole('list', { name: 'Skills' }).getByText('Motion Graphics').waitFor();

    // A seeded demo creator: Follow and Message, no Settings.
    await d.page.goto(`${baseUrl}/profile/maya`);
    await d.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await d.page.getByRole('button', { name: 'Message' }).waitFor();
    expect(await d.page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await d.page.getByRole('tab', { name: 'SAVED' }).count()).toBe(0);
    // The seeded pictures are served: the first tile's thumbnail decodes.
    const tile = d.page.getByRole('list', { name: 'Posts' }).getByRole('img').first();
    expect(await tile.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await d.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(d.page, 'You are now following this user!');
    await d.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await d.page.getByRole('button', { name: 'Following', exact: true }).click();
    await toast(d.page, 'You have unfollowed this user.');
    await d.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();

    await d.page.goto(`${baseUrl}/profile/nobody_${run}`);
    await d.page.getByText('User not found').waitFor();
    await d.page.getByText("This profile doesn't exist").waitFor();

    // Back on the own profile: a new avatar from a file.
    await d.page.getByRole('link', { name: /Profile$/ }).click();
    await d.page.getByRole('heading', { name: dana.displayName }).waitFor();
    await d.page.getByLabel('Profile picture file').setInputFiles(avatar);
    await toast(d.page, 'Profile picture updated');
    await expect.poll(() => header.getByRole('img', { name: dana.displayName }).getAttribute('src')).toMatch(/^\/media\//);
    // The tab bar's avatar follows the session user.
    await expect
      .poll(() => d.page.getByTestId('bottom-nav').getByRole('img', { name: dana.displayName }).getAttribute('src'))
      .toMatch(/^\/media\//);
  });

  it('deletes your own post after asking, and it is gone from its page and your profile (issue 43)', async () => {
    const dana = creator('dana_del', 'Dana Kim');
    const caption = `Soon deleted ${run}`;
    const d = await phone('social-delete');
    await signUp(d.page, dana);
    const postId = await createPost(d.page, dana, photo, caption);

    await d.page.goto(`${baseUrl}/p/${postId}`);
    const card = d.page.getByRole('article').filter({ hasText: caption });
    await card.waitFor();
    await card.getByRole('button', { name: 'More options' }).click();
    await d.page.getByRole('menuitem', { name: 'Delete post' }).click();
    const ask = d.page.getByRole('alertdialog', { name: 'Delete post?' });
    await ask.waitFor();
    // Cancel changes nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    await card.waitFor();

    await card.getByRole('button', { name: 'More options' }).click();
    await d.page.getByRole('menuitem', { name: 'Delete post' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await toast(d.page, 'Post deleted');
    // The post's own page is left for Home; the post is gone from the profile.
    await expect.poll(() => new URL(d.page.url()).pathname).toBe('/');
    await d.page.goto(`${baseUrl}/profile/${dana.username}`);
    await d.page.getByRole('heading', { name: dana.displayName }).waitFor();
    expect(await d.page.getByRole('link', { name: new RegExp(`^${caption.slice(0, 20)}`) }).count()).toBe(0);
    const gone = await d.page.request.get(`${baseUrl}/api/posts/${postId}`);
    expect(gone.status()).toBe(404);
  });

  it("opens a profile's followers from its count, each with a Follow button (issue 43)", async () => {
    const erin = creator('erin', 'Erin Hale');
    const finn = creator('finn', 'Finn Lowe');
    const e = await phone('social-followers-e');
    await signUp(e.page, erin);
    const f = await phone('social-followers-f');
    await signUp(f.page, finn);
    await f.page.goto(`${baseUrl}/profile/${erin.username}`);
    await f.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(f.page, 'You are now following this user!');

    // Erin opens her own followers from the count: Finn, with a Follow button (she does not follow him yet).
    await e.page.goto(`${baseUrl}/profile/${erin.username}`);
    await e.page.getByRole('button', { name: /1\s*Followers/ }).click();
    const dialog = e.page.getByRole('dialog', { name: 'Followers' });
    const row = dialog.getByRole('list', { name: 'Followers' }).getByRole('listitem').filter({ hasText: finn.displayName });
    await row.waitFor();
    await row.getByRole('button', { name: 'Follow', exact: true }).click();
    await toast(e.page, 'You are now following this user!');
    await row.getByRole('button', { name: 'Following', exact: true }).waitFor();
    // A row opens the person's profile.
    await row.getByRole('link').click();
    await expect.poll(() => new URL(e.page.url()).pathname).toBe(`/profile/${finn.username}`);
  });
});
