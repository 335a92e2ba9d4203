import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, json, me, renderWithApp } from '@/test/render';
import HomePage from './home';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/user')) return json(me);
      if (url.startsWith('/api/stories') || url.startsWith('/api/ads/')) return json([]);
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
  it('shows the panels in the order of spec 000 §2', async () => {
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
