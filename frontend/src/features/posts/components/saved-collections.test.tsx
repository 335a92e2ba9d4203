import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { aPost, json, me, renderWithApp } from '@/test/render';
import type { Collection } from '../api/collections';
import { PostFeed } from './post-feed';
import { SavedSection } from './saved-collections';

const kelp = aPost({ id: 11, caption: 'Kelp forest', isBookmarked: true });
const gulls = aPost({ id: 12, caption: 'Gulls at noon', isBookmarked: true });
const dunes = aPost({ id: 13, caption: 'Dunes', isBookmarked: false });

function aCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 5,
    name: 'Sea',
    postsCount: 1,
    cover: { url: '/media/k.jpg', thumbnailUrl: null, width: 10, height: 10, blurhash: null, alt: '' },
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

let collections: Collection[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : null]);

beforeEach(() => {
  collections = [aCollection()];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/user') return json(me);
    if (method === 'POST' && url === '/api/collections') {
      const body = JSON.parse(String(init!.body));
      const made = aCollection({ id: 6, name: body.name, postsCount: 0, cover: null });
      collections = [made, ...collections];
      return json(made, { status: 201 });
    }
    if (method === 'POST' && url.endsWith('/posts')) return json(collections[0]);
    if (method === 'PATCH' && url === '/api/collections/5') {
      const body = JSON.parse(String(init!.body));
      collections = collections.map((c) => (c.id === 5 ? { ...c, name: body.name } : c));
      return json(collections.find((c) => c.id === 5));
    }
    if (method === 'DELETE') {
      collections = collections.filter((c) => !url.endsWith(`/api/collections/${c.id}`));
      return new Response(null, { status: 204 });
    }
    if (url.startsWith('/api/collections?')) return json(collections);
    if (url === '/api/collections/5') return json(collections.find((c) => c.id === 5));
    if (url === '/api/collections/6') return json(collections.find((c) => c.id === 6));
    if (url.startsWith('/api/collections/5/posts')) return json([kelp]);
    if (url.startsWith('/api/collections/6/posts')) return json([]);
    if (url.startsWith('/api/bookmarks')) return json([gulls, kelp]);
    if (url === '/api/posts/13/collections') return json({ collectionIds: [] });
    if (url.startsWith('/api/posts?')) return json([dunes]);
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('Collections on the SAVED tab (issue 44)', () => {
  it('shows All saved and each collection; a collection shows its posts, renamed and deleted', async () => {
    const user = userEvent.setup();
    renderWithApp(<SavedSection />, { user: me });
    const group = await screen.findByRole('group', { name: 'Collections' });
    expect(within(group).getByRole('button', { name: 'All saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('list', { name: 'All saved' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'All saved' })).getAllByRole('link')).toHaveLength(2);

    await user.click(await within(group).findByRole('button', { name: 'Sea, 1 post' }));
    const panel = await screen.findByRole('region', { name: 'Sea' });
    expect(await within(panel).findByRole('list', { name: 'Posts in Sea' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('link')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Rename' }));
    const rename = screen.getByRole('dialog', { name: 'Rename collection' });
    await user.clear(within(rename).getByLabelText('Name'));
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(within(rename).getByRole('alert')).toHaveTextContent('Give the collection a name');
    expect(sent('PATCH')).toEqual([]);
    await user.type(within(rename).getByLabelText('Name'), 'Sea studies');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(sent('PATCH')).toEqual([['/api/collections/5', { name: 'Sea studies' }]]);
    expect(await screen.findByRole('heading', { name: 'Sea studies' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(confirm).toHaveTextContent('its posts stay saved under All saved');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(sent('DELETE')).toEqual([['/api/collections/5', null]]);
    expect(await screen.findByRole('list', { name: 'All saved' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'All saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('makes a collection from SAVED with a name and the saved posts picked', async () => {
    const user = userEvent.setup();
    renderWithApp(<SavedSection />, { user: me });
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const picks = await within(dialog).findAllByRole('checkbox');
    expect(picks).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the collection a name');
    await user.type(within(dialog).getByLabelText('Name'), 'Birds');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gulls at noon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('region', { name: 'Birds' })).toBeInTheDocument();
    expect(sent('POST')).toEqual([
      ['/api/collections', { name: 'Birds' }],
      ['/api/collections/6/posts', { postId: 12 }],
    ]);
    expect(screen.getByRole('button', { name: 'Birds, 0 posts' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe("A post's Save menu (issue 44)", () => {
  it('opens from a right click on Save (a long press on a phone) and puts the post in a collection, or a new one', async () => {
    const user = userEvent.setup();
    renderWithApp(<PostFeed />, { user: me });
    const [card] = await screen.findAllByRole('article');
    const save = within(card).getByRole('button', { name: 'Save' });
    fireEvent.contextMenu(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save to collection' });
    const sea = await within(dialog).findByRole('checkbox', { name: /Sea/ });
    expect(sea).not.toBeChecked();
    await user.click(sea);
    expect(sent('POST')).toEqual([['/api/collections/5/posts', { postId: 13 }]]);
    // In a collection, the post is saved.
    expect(save).toHaveAttribute('aria-pressed', 'true');

    await user.type(within(dialog).getByLabelText('New collection'), 'Deserts');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(sent('POST')).toContainEqual(['/api/collections', { name: 'Deserts', postId: 13 }]);
    expect(sent('POST').filter(([url]) => url === '/api/posts/13/bookmark')).toEqual([]);
  });

  it("offers 'Save to collection' in the post's menu too", async () => {
    const user = userEvent.setup();
    renderWithApp(<PostFeed />, { user: me });
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save to collection' }));
    expect(await screen.findByRole('dialog', { name: 'Save to collection' })).toBeInTheDocument();
  });
});
