import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/auth';
import { me, renderWithApp } from '@/test/render';
import { BottomNav } from './bottom-nav';

const maya: User = { ...me, id: 2 };

/** The requests to log out among the bar's (it also asks for the unread count). */
function logoutCalls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/logout');
}

function renderNav(user: User, path = '/') {
  renderWithApp(<BottomNav user={user} />, { path });
  return within(screen.getByTestId('bottom-nav'));
}

describe('BottomNav', () => {
  it('shows 7 items to a member, with Logout as a button', () => {
    const nav = renderNav(maya);
    expect(nav.getAllByRole('listitem')).toHaveLength(7);
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
  });

  it('shows 8 items, Admin among them, to an admin', () => {
    const nav = renderNav({ ...maya, isAdmin: true });
    expect(nav.getAllByRole('listitem')).toHaveLength(8);
    expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('marks the tab of the current path', () => {
    const nav = renderNav(maya, '/profile/leo');
    const profile = nav.getByRole('link', { name: /Profile$/ });
    expect(profile).toHaveAttribute('aria-current', 'page');
    expect(profile).toHaveAttribute('href', '/profile/maya');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it("draws the initial instead of requesting the placeholder when there is no avatar", () => {
    const nav = renderNav(maya);
    expect(nav.getByRole('img', { name: 'Maya Chen' })).toHaveAttribute('data-initial', 'M');
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the avatar image with the display name as alt text', () => {
    const nav = renderNav({ ...maya, profileImageUrl: '/media/abc.jpg' });
    expect(nav.getByRole('img', { name: 'Maya Chen' })).toHaveAttribute('src', '/media/abc.jpg');
  });

  it("asks 'Log out of Atelier?' first, and Cancel sends nothing", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const nav = renderNav(maya);

    await user.click(nav.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out of Atelier?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(logoutCalls(fetchMock)).toHaveLength(0);
    expect(nav.getByRole('button', { name: 'Logout' })).toHaveFocus();
  });

  it('keeps the user signed in and says so when logging out fails', async () => {
    const fetchMock = vi.fn(async () => new Response('database down', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const nav = renderNav(maya);

    await user.click(nav.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out of Atelier?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error logging you out. Please try again.')).toBeInTheDocument();
    expect(logoutCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    // The question stays, to try again.
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeEnabled();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
