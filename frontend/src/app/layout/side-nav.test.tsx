import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '@/lib/auth';
import { SideNav } from './side-nav';

const maya: User = {
  id: 2,
  username: 'maya',
  displayName: 'Maya Chen',
  email: 'maya@example.com',
  bio: null,
  profileImageUrl: null,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00Z',
};

function renderNav(user: User, path = '/') {
  const { hook } = memoryLocation({ path });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={hook}>
        <SideNav user={user} />
      </Router>
    </QueryClientProvider>,
  );
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
