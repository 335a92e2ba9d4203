import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPENED_IN_APP } from '@/lib/opened-in-app';
import { me, renderWithApp } from '@/test/render';
import CreateReelPage from './create-reel';

afterEach(() => {
  window.history.replaceState(null, '');
  vi.restoreAllMocks();
});

describe('New Reel', () => {
  it('closes back to the page of the app that opened it (the pager, the chooser)', async () => {
    const user = userEvent.setup();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    window.history.replaceState(OPENED_IN_APP, '');
    const { location } = renderWithApp(<CreateReelPage />, { path: '/create-reel', user: me });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(location.history).toEqual(['/create-reel']);
  });

  it("closes to '/' when it was not opened from the app (a typed URL, a bookmark)", async () => {
    const user = userEvent.setup();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { location } = renderWithApp(<CreateReelPage />, { path: '/create-reel', user: me });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(back).not.toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe('/');
  });
});
