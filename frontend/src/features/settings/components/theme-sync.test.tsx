import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsQueryKey } from '@/lib/query-keys';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import { json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import { ThemeSync } from './theme-sync';

const html = document.documentElement;

// index.html starts dark.
beforeEach(() => html.classList.add('dark'));
afterEach(() => {
  vi.unstubAllGlobals();
  html.classList.add('dark');
});

describe('the theme', () => {
  it('stays dark with the default settings', async () => {
    const { calls } = serveApi({ 'GET /api/user/settings': () => json(DEFAULT_SETTINGS) });
    renderWithApp(<ThemeSync />, { user: me });
    await waitFor(() => expect(calls('GET /api/user/settings')).toHaveLength(1));
    expect(html).toHaveClass('dark');
  });

  it("drops the dark class when 'Dark Theme' is off, and brings it back when it is on again", async () => {
    serveApi({ 'GET /api/user/settings': () => json({ ...DEFAULT_SETTINGS, darkTheme: false }) });
    const { queryClient } = renderWithApp(<ThemeSync />, { user: me });
    await waitFor(() => expect(html).not.toHaveClass('dark'));
    act(() => queryClient.setQueryData<Settings>(settingsQueryKey, { ...DEFAULT_SETTINGS, darkTheme: true }));
    await waitFor(() => expect(html).toHaveClass('dark'));
  });

  it('goes back to dark when the signed-in app goes (signing out)', async () => {
    serveApi({ 'GET /api/user/settings': () => json({ ...DEFAULT_SETTINGS, darkTheme: false }) });
    const { unmount } = renderWithApp(<ThemeSync />, { user: me });
    await waitFor(() => expect(html).not.toHaveClass('dark'));
    unmount();
    expect(html).toHaveClass('dark');
  });
});
