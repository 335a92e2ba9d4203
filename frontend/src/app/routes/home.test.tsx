import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { aPost, aProfile, json, me, renderWithApp } from '@/test/render';
import { aGroup, storiesServer } from '@/test/stories';
import { settingsQueryKey } from '@/lib/query-keys';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import HomePage from './home';

let settings: Settings = DEFAULT_SETTINGS;

beforeEach(() => {
  settings = DEFAULT_SETTINGS;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/user')) return json(me);
      if (url.startsWith('/api/user/settings')) return json(settings);
      if (url.startsWith('/api/stories') || url.startsWith('/api/ads/') || url.startsWith('/api/canvases')) return json([]);
      return json([aPost()]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A window that matches these media queries (jsdom has no matchMedia: a phone, motion allowed). */
function stubMedia(...matching: string[]) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.includes(query),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
const LAPTOP = '(min-width: 1024px)';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

async function renderHome() {
  const app = renderWithApp(<HomePage />, { user: me });
  await screen.findByRole('article', { name: 'Post by Leo Park' });
  return app;
}

const h2s = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('HomePage on a phone', () => {
  it('folds the four panels into a row of cards above the stories and the gallery', async () => {
    await renderHome();
    const row = screen.getByRole('list', { name: 'Creative tools' });
    expect(within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open AI Creative Assistant',
      'Open Quick Create',
      'Open Live Collaboration Canvas',
      'Open AI Skill Matcher',
    ]);
    // Each card's visible label is a part of its name.
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Assistant', 'Create', 'Canvas', 'Skill Matcher']);
    expect(h2s()).toEqual(['Creative Moments', 'Creative Projects Gallery']);
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('opens a card\'s panel in a sheet, and folds it again', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.click(screen.getByRole('button', { name: 'Open AI Creative Assistant' }));
    const sheet = screen.getByRole('dialog', { name: 'AI Creative Assistant' });
    await user.click(within(sheet).getByRole('button', { name: 'Chill' }));
    expect(within(sheet).getByTestId('mood-description')).toHaveTextContent('Chill: Relaxed browsing and discovery');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open AI Creative Assistant' })).toHaveFocus();
    // The mood is the page's: it is still chosen when the sheet opens again.
    await user.click(screen.getByRole('button', { name: 'Open AI Creative Assistant' }));
    expect(screen.getByRole('button', { name: 'Chill' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('AI Art Generator goes to /create', async () => {
    const user = userEvent.setup();
    const { location } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Open Quick Create' }));
    await user.click(screen.getByRole('link', { name: 'AI Art Generator' }));
    expect(location.history?.at(-1)).toBe('/create');
  });

  it.each([['Create'], ['New Project']])('opens the create chooser from %s', async (entry) => {
    const user = userEvent.setup();
    const { location } = await renderHome();
    if (entry === 'New Project') await user.click(screen.getByRole('button', { name: 'Open Quick Create' }));
    await user.click(screen.getByRole('button', { name: entry }));
    // Quick Create's sheet hands over to the chooser: one dialog at a time.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    const dialog = screen.getByRole('dialog', { name: 'Create' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Photo Post', 'Video Post', 'Text Post', 'Story']),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Story' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/create-story');
  });
});

describe('HomePage on a laptop', () => {
  beforeEach(() => stubMedia(LAPTOP));

  it('shows the panels in the dashboard order: the rail first, then the stories and the gallery', async () => {
    await renderHome();
    expect(h2s()).toEqual([
      'AI Creative Assistant',
      'Quick Create',
      'Live Collaboration Canvas',
      'Skill Networking',
      'Creative Moments',
      'Creative Projects Gallery',
    ]);
    const rail = screen.getByRole('region', { name: 'Creative tools' });
    expect(within(rail).getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Maya Chen');
    expect(within(rail).queryByRole('heading', { name: 'Creative Projects Gallery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Creative tools' })).not.toBeInTheDocument();
    // Quick Create is in view in the rail: no floating Create button over it.
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it("opens the create chooser from the rail's New Project", async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeInTheDocument();
  });

  it('tilts the gallery cards only in 3D view mode', async () => {
    await renderHome();
    const card = () => screen.getByRole('article', { name: 'Post by Leo Park' });
    expect(card().style.transform).toBe('');

    fireEvent.click(screen.getByRole('button', { name: '3D' }));
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-view-mode', '3d');
    await waitFor(() => expect(card().style.transform).toContain('rotateX(0deg)'));
    fireEvent.click(card());
    expect(card()).toHaveAttribute('data-zoomed', 'true');
    expect(screen.queryByRole('status', { name: /flat/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'AI Emotion' }));
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-view-mode', 'emotion');
    expect(card().style.transform).toBe('');
  });

  it("keeps the cards flat in 3D with '3D Content Quality' off, and says where to turn it on", async () => {
    settings = { ...DEFAULT_SETTINGS, highQuality3d: false };
    const { queryClient } = await renderHome();
    await waitFor(() => expect(queryClient.getQueryData(settingsQueryKey)).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: '3D' }));
    const card = screen.getByRole('article', { name: 'Post by Leo Park' });
    fireEvent.click(card);
    expect(card.style.transform).toBe('');
    expect(card).not.toHaveAttribute('data-zoomed');
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-effects-3d', 'false');
    expect(screen.getByText(/3D effects are off: turn on '3D Content Quality' in Settings/)).toBeInTheDocument();
  });

  it('keeps the cards flat in 3D for a system that asks for reduced motion', async () => {
    stubMedia(LAPTOP, REDUCED_MOTION);
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: '3D' }));
    const card = screen.getByRole('article', { name: 'Post by Leo Park' });
    fireEvent.click(card);
    expect(card.style.transform).toBe('');
    expect(screen.getByText('Your system asks for reduced motion, so the cards stay flat.')).toBeInTheDocument();
  });
});

describe('HomePage story viewer', () => {
  const creators = ['Leo Park', 'Ana Silva', 'Ben Ode', 'Cleo Ray'].map((displayName, i) => ({
    id: 2 + i,
    username: `creator${i}`,
    displayName,
  }));
  let storyAds = [anAd({ category: 'story' })];
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    storyAds = [anAd({ category: 'story' })];
    const stories = storiesServer(creators.map((creator) => aGroup(creator, [{ caption: `${creator.displayName} story` }])));
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/auth/user')) return json(me);
      if (url.endsWith('/interaction')) return new Response(null, { status: 204 });
      const story = stories.answer(url, init);
      if (story) return story;
      if (url === '/api/ads/story') return json(storyAds);
      if (url.startsWith('/api/ads/') || url.startsWith('/api/canvases')) return json([]);
      return json([aPost()]);
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  function impressions() {
    return fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith('/interaction') && String(init?.body).includes('impression'))
      .map(([url]) => url);
  }

  async function openFirstCircle() {
    await renderHome();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ads/story', expect.anything()));
    await act(async () => {}); // the story ads are in
    fireEvent.click(await screen.findByRole('button', { name: 'Leo Park, new story' }));
    // The circle's stories come from GET /api/users/2/stories.
    expect(await screen.findByText('Leo Park story')).toBeInTheDocument();
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    return next;
  }

  it('shows a sponsored story from GET /api/ads/story after the third creator, its impression once', async () => {
    const next = await openFirstCircle();
    next();
    next();
    expect(screen.getByRole('dialog', { name: 'Ben Ode' })).toBeInTheDocument();
    expect(await screen.findByText('Ben Ode story')).toBeInTheDocument();
    expect(impressions()).toEqual([]);
    next();
    const ad = screen.getByRole('dialog', { name: 'Sponsored: Inkwell Studio' });
    expect(within(ad).getByRole('img', { name: 'Brush Pack Pro' })).toBeInTheDocument();
    expect(within(ad).getByText('120 hand-made brushes for digital painters')).toBeInTheDocument();
    expect(within(ad).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', 'https://brushes.example.com/pro');
    await waitFor(() => expect(impressions()).toEqual(['/api/ads/41/interaction']));
    next();
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(impressions()).toEqual(['/api/ads/41/interaction']);
    next();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes straight on to the fourth creator when no story ad runs', async () => {
    storyAds = [];
    const next = await openFirstCircle();
    next();
    next();
    next();
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(impressions()).toEqual([]);
  });
});

describe('HomePage for someone who follows nobody', () => {
  const suggested = {
    id: 5,
    username: 'ines',
    displayName: 'Ines Ray',
    profileImageUrl: null,
    bio: null,
    skills: ['design', 'music'],
    followersCount: 12,
    sharedSkills: ['design'],
  };

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        if (url.startsWith('/api/auth/user')) return json(me);
        if (url.startsWith('/api/users/username/maya')) return json(aProfile({ id: 1, username: 'maya', followingCount: 0 }));
        if (url.startsWith('/api/users/suggestions')) return json([suggested]);
        if (url === '/api/users/5/follow' && init?.method === 'POST') return json({ isFollowing: true, isRequested: false });
        if (url.startsWith('/api/stories') || url.startsWith('/api/ads/') || url.startsWith('/api/canvases')) return json([]);
        return json([aPost()]);
      }),
    );
  });

  it("shows 'People to follow' instead of the gallery until 'Browse everyone's posts'", async () => {
    const user = userEvent.setup();
    renderWithApp(<HomePage />, { user: me });
    const people = await screen.findByRole('region', { name: 'People to follow' });
    expect(await within(people).findByText('Ines Ray')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creative Projects Gallery' })).not.toBeInTheDocument();

    await user.click(within(people).getByRole('button', { name: "Browse everyone's posts" }));
    expect(await screen.findByRole('article', { name: 'Post by Leo Park' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'People to follow' })).not.toBeInTheDocument();
  });

  it('heads the people to follow with your own newest posts: a new post is first in your own feed', async () => {
    const fetchMock = vi.mocked(fetch);
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/users/username/maya')) return json(aProfile({ id: 1, username: 'maya', followingCount: 0, postsCount: 1 }));
      if (url.startsWith('/api/posts/user/1')) return json([aPost({ id: 77, caption: 'My first piece', user: { ...aPost().user, id: 1, username: 'maya', displayName: 'Maya Chen' } })]);
      return fallback(input, init);
    });
    renderWithApp(<HomePage />, { user: me });
    const own = await screen.findByRole('region', { name: 'Your latest posts' });
    expect(await within(own).findByRole('article', { name: 'Post by Maya Chen' })).toHaveTextContent('My first piece');
    const people = screen.getByRole('region', { name: 'People to follow' });
    expect(own.compareDocumentPosition(people) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/posts\/user\/1/), expect.anything());
  });

  it('asks for no posts of your own when you have none', async () => {
    renderWithApp(<HomePage />, { user: me });
    await screen.findByRole('region', { name: 'People to follow' });
    expect(screen.queryByRole('region', { name: 'Your latest posts' })).not.toBeInTheDocument();
    expect(vi.mocked(fetch)).not.toHaveBeenCalledWith(expect.stringMatching(/^\/api\/posts\/user\//), expect.anything());
  });

  it('keeps the card while the user follows from it, the button showing Following', async () => {
    const user = userEvent.setup();
    renderWithApp(<HomePage />, { user: me });
    const people = await screen.findByRole('region', { name: 'People to follow' });
    await user.click(await within(people).findByRole('button', { name: 'Follow' }));
    expect(await within(people).findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'People to follow' })).toBeInTheDocument();
  });
});
