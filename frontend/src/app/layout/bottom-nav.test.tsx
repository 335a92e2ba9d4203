import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/auth';
import { me, renderWithApp } from '@/test/render';
import { BottomNav } from './bottom-nav';

const maya: User = { ...me, id: 2 };

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

  it('keeps the user signed in and says so when logging out fails', async () => {
    const fetchMock = vi.fn(async () => new Response('database down', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const nav = renderNav(maya);

    fireEvent.click(nav.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error logging you out. Please try again.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(nav.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
