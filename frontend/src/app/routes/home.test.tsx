import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { aPost, aProfile, json, me, renderWithApp } from '@/test/render';
import { aGroup } from '@/test/stories';
import HomePage from './home';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/user')) return json(me);
      if (url.startsWith('/api/stories') || url.startsWith('/api/ads/') || url.startsWith('/api/canvases')) return json([]);
      return json([aPost()]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderHome() {
  const app = renderWithApp(<HomePage />, { user: me });
  await screen.findByRole('article', { name: 'Post by Leo Park' });
  return app;
}

describe('HomePage', () => {
  it('shows the panels in the dashboard order', async () => {
    await renderHome();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'AI Creative Assistant',
      'Quick Create',
      'Live Collaboration Canvas',
      'Skill Networking',
      'Creative Moments',
      'Creative Projects Gallery',
    ]);
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('AI Art Generator goes to /create', async () => {
    const user = userEvent.setup();
    const { location } = await renderHome();
    await user.click(screen.getByRole('link', { name: 'AI Art Generator' }));
    expect(location.history?.at(-1)).toBe('/create');
  });

  it.each([['Create'], ['New Project']])('opens the create chooser from %s', async (entry) => {
    const user = userEvent.setup();
    const { location } = await renderHome();
    await user.click(screen.getByRole('button', { name: entry }));
    const dialog = screen.getByRole('dialog', { name: 'Create' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Photo Post', 'Video Post', 'Text Post', 'Story']),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Story' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/create-story');
  });

  it('tilts the gallery cards only in 3D view mode', async () => {
    await renderHome();
    const card = () => screen.getByRole('article', { name: 'Post by Leo Park' });
    expect(card().style.transform).toBe('');

    fireEvent.click(screen.getByRole('button', { name: '3D' }));
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-view-mode', '3d');
    fireEvent.click(card());
    expect(card()).toHaveAttribute('data-zoomed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'AI Emotion' }));
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-view-mode', 'emotion');
    expect(card().style.transform).toBe('');
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
    const groups = creators.map((creator) => aGroup(creator, [{ caption: `${creator.displayName} story` }]));
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/user')) return json(me);
      if (url.endsWith('/view')) return json({ viewsCount: 1 });
      if (url.endsWith('/interaction')) return new Response(null, { status: 204 });
      if (url.startsWith('/api/stories')) return json(groups);
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
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    return next;
  }

  it('shows a sponsored story from GET /api/ads/story after the third creator, its impression once', async () => {
    const next = await openFirstCircle();
    next();
    next();
    expect(screen.getByRole('dialog', { name: 'Ben Ode' })).toBeInTheDocument();
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

  it('keeps the card while the user follows from it, the button showing Following', async () => {
    const user = userEvent.setup();
    renderWithApp(<HomePage />, { user: me });
    const people = await screen.findByRole('region', { name: 'People to follow' });
    await user.click(await within(people).findByRole('button', { name: 'Follow' }));
    expect(await within(people).findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'People to follow' })).toBeInTheDocument();
  });
});
