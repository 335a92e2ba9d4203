import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafetyActionsProvider } from '@/lib/safety-actions';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { aGroup, storiesServer } from '@/test/stories';
import type { StoryGroup } from '../types';
import { firstWord, StoriesStrip } from './stories-strip';

const leo = { id: 2, username: 'leo', displayName: 'Leo Park' };
const ana = { id: 3, username: 'ana', displayName: 'Ana Maria Silva' };

let groups: StoryGroup[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  groups = [];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (input === '/api/auth/user') return json(me);
    // The server over the test's `groups` (its state lives in them).
    return storiesServer(groups).answer(String(input), init) ?? json({}, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('StoriesStrip', () => {
  it('takes the first word of a display name', () => {
    expect(firstWord('  Ana Maria Silva ')).toBe('Ana');
    expect(firstWord('Leo')).toBe('Leo');
  });

  it('shows skeleton circles while loading, then the add button and an empty note', async () => {
    const answer = deferred<Response>();
    vi.stubGlobal('fetch', vi.fn((url: string) => (url === '/api/auth/user' ? Promise.resolve(json(me)) : answer.promise)));
    renderWithApp(<StoriesStrip />, { user: me });
    expect(screen.getByRole('heading', { name: 'Creative Moments' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading stories');
    answer.resolve(json([]));
    expect(await screen.findByText('No stories from other creators yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Story' })).toHaveAttribute('href', '/create-story');
  });

  it('says when the stories cannot be loaded, keeping the add button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/auth/user' ? json(me) : new Response('boom', { status: 500 }))),
    );
    renderWithApp(<StoriesStrip />, { user: me });
    expect(await screen.findByText('Stories could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Story' })).toBeInTheDocument();
  });

  it('shows one circle per user with the first word of the name, ringed while the server calls it unseen', async () => {
    groups = [
      aGroup(leo, [{ viewedByMe: true }, { viewedByMe: false }]),
      aGroup(ana, [{ viewedByMe: true }]),
    ];
    renderWithApp(<StoriesStrip />, { user: me });
    const unseen = await screen.findByRole('button', { name: 'Leo Park, new story' });
    expect(unseen).toHaveAttribute('data-unseen', 'true');
    expect(within(unseen).getByText('Leo')).toBeInTheDocument();
    const seen = screen.getByRole('button', { name: 'Ana Maria Silva' });
    expect(seen).toHaveAttribute('data-unseen', 'false');
    expect(within(seen).getByText('Ana')).toBeInTheDocument();
    // Without stories of your own, 'Your Story' adds one.
    expect(screen.getByRole('link', { name: 'Your Story' })).toHaveAttribute('href', '/create-story');
    // The strip reads no stories until a circle is opened.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContainEqual(expect.stringMatching(/^\/api\/users\//));
  });

  it("opens the viewer on the picked circle's stories, oldest first, and drops the ring once they are seen", async () => {
    const user = userEvent.setup();
    groups = [aGroup(leo, [{ caption: 'Leo sketch' }]), aGroup(ana, [{ caption: 'Ana sketch' }, { caption: 'Ana again' }])];
    renderWithApp(<StoriesStrip />, { user: me });
    await user.click(await screen.findByRole('button', { name: 'Ana Maria Silva, new story' }));
    const dialog = screen.getByRole('dialog', { name: 'Ana Maria Silva' });
    expect(await within(dialog).findByText('Ana sketch')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAccessibleName('Story 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Next story' }));
    expect(within(dialog).getByText('Ana again')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Maria Silva' })).toHaveAttribute('data-unseen', 'false');
    expect(screen.getByRole('button', { name: 'Leo Park, new story' })).toBeInTheDocument();
  });

  it('lets you watch your own stories and add another', async () => {
    const user = userEvent.setup();
    groups = [aGroup(me, [{ caption: 'Mine', viewsCount: 2, viewedByMe: true }]), aGroup(leo, [{}])];
    renderWithApp(<StoriesStrip />, { user: me });
    expect(await screen.findByRole('link', { name: 'Add to your story' })).toHaveAttribute('href', '/create-story');
    expect(screen.queryByRole('button', { name: /Maya Chen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Your Story' }));
    const dialog = screen.getByRole('dialog', { name: 'Maya Chen' });
    expect(await within(dialog).findByText('2 views')).toBeInTheDocument();
  });

  it('drops your circle once you delete your only story', async () => {
    const user = userEvent.setup();
    groups = [aGroup(me, [{ caption: 'Mine', viewsCount: 0, viewedByMe: true }]), aGroup(leo, [{}])];
    const safety = { viewerId: me.id, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
    renderWithApp(
      <SafetyActionsProvider value={safety}>
        <StoriesStrip />
      </SafetyActionsProvider>,
      { user: me },
    );
    await user.click(await screen.findByRole('button', { name: 'Your Story' }));
    const dialog = screen.getByRole('dialog', { name: 'Maya Chen' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete story' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete story?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('link', { name: 'Your Story' })).toHaveAttribute('href', '/create-story');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leo Park, new story' })).toBeInTheDocument();
  });
});
