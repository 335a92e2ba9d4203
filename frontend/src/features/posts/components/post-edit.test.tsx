import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, json, me, renderWithApp } from '@/test/render';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { PostFeed } from './post-feed';

const author = { id: me.id, username: me.username, displayName: me.displayName, profileImage: null };
const media = [
  { url: '/media/a.jpg', thumbnailUrl: null, width: 800, height: 800, blurhash: null, alt: 'A red door' },
  { url: '/media/b.jpg', thumbnailUrl: null, width: 800, height: 800, blurhash: null, alt: '' },
];
const mine = aPost({ id: 41, caption: 'Doors of Porto', tags: ['doors'], location: null, media, user: author });
const editedAt = new Date(Date.now() - 5 * 60 * 1000).toISOString();
const theirs = aPost({ id: 42, caption: 'Tiles', editedAt });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      return json({ ...mine, ...body, location: body.location || null, editedAt: new Date().toISOString(),
        media: media.map((item, i) => ({ ...item, alt: body.alts[i] })) });
    }
    if (url === '/api/auth/user') return json(me);
    if (url.startsWith('/api/posts/42/history')) {
      return json([{ caption: 'Tiles of Alfama', location: 'Lisbon', tags: [], alts: ['Blue tiles'], writtenAt: '2026-01-02T10:00:00Z' }]);
    }
    return url.startsWith('/api/posts?') ? json([mine, theirs]) : json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('Editing a post (issue 44)', () => {
  it("edits your own post's caption, tags and alt texts, and the card shows it Edited", async () => {
    const user = userEvent.setup();
    renderWithApp(<PostFeed />, { user: me });
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByLabelText('Caption')).toHaveValue('Doors of Porto');
    expect(within(dialog).getByLabelText('Alt text for image 1')).toHaveValue('A red door');
    await user.clear(within(dialog).getByLabelText('Caption'));
    await user.type(within(dialog).getByLabelText('Caption'), 'Doors of Porto, at dusk');
    await user.type(within(dialog).getByLabelText('Alt text for image 2'), ' A green door ');
    await user.type(within(dialog).getByLabelText('Tags (optional)'), ', dusk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/posts/41');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      caption: 'Doors of Porto, at dusk',
      location: '',
      tags: ['doors', 'dusk'],
      alts: ['A red door', 'A green door'],
    });
    expect(await within(card).findByText('Doors of Porto, at dusk')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edited, show edit history' })).toHaveTextContent('Edited');
  });

  it("offers no Edit on someone else's post, and opens its history from 'Edited'", async () => {
    const user = userEvent.setup();
    renderWithApp(<PostFeed />, { user: me });
    const [, card] = await screen.findAllByRole('article');
    // Its menu offers collections (any post's), never Edit.
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Save to collection' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit post' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(card).getByRole('button', { name: 'Edited, show edit history' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit history' });
    const versions = await within(dialog).findByRole('list', { name: 'Earlier versions' });
    expect(within(versions).getByText('Tiles of Alfama')).toBeInTheDocument();
    expect(within(versions).getByText('Lisbon')).toBeInTheDocument();
    expect(within(versions).getByText('Blue tiles', { exact: false })).toBeInTheDocument();
  });

  it('refuses an over-long caption in the dialog without sending', async () => {
    const user = userEvent.setup();
    renderWithApp(<PostFeed />, { user: me });
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const caption = within(dialog).getByLabelText('Caption');
    await user.clear(caption);
    await user.click(caption);
    await user.paste('x'.repeat(2201));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Caption must be under 2200 characters');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});
