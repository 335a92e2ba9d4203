import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/auth';
import { me, renderWithApp } from '@/test/render';
import { SideNav } from './side-nav';

const maya: User = { ...me, id: 2 };

function renderNav(user: User, path = '/') {
  renderWithApp(<SideNav user={user} />, { path });
  return within(screen.getByTestId('side-nav'));
}

describe('SideNav', () => {
  it("offers the bottom bar's destinations with their labels, Logout last", () => {
    const nav = renderNav(maya);
    const items = nav.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Home', 'Explore', 'Messages', 'Notifications', 'Reels', 'Shop', 'Profile', 'Logout']);
    expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
    expect(nav.getByRole('link', { name: /Profile$/ })).toHaveAttribute('href', '/profile/maya');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("asks 'Log out of Atelier?' before logging out", async () => {
    const user = userEvent.setup();
    const nav = renderNav(maya);
    await user.click(nav.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out of Atelier?' });
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('adds Admin for an admin', () => {
    const nav = renderNav({ ...maya, isAdmin: true });
    expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('marks the tab of the current path', () => {
    const nav = renderNav(maya, '/chat/3');
    expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
