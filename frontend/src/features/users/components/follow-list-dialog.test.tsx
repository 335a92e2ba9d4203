import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { json, me, renderWithApp } from '@/test/render';
import { FollowListDialog } from './follow-list-dialog';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

const person = (id: number, username: string, isFollowing: boolean) => ({
  user: { id, username, displayName: username.toUpperCase(), profileImageUrl: null },
  isFollowing,
  isRequested: false,
  at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
});

describe('FollowListDialog (issue 43)', () => {
  it('opens the followers from the count, each with a Follow button but none on my own row', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json([person(5, 'ana', false), person(6, 'tom', true), person(me.id, me.username, false)]));
    renderWithApp(<FollowListDialog userId={2} username="leo" side="followers" count={3} />, { user: me });

    await user.click(screen.getByRole('button', { name: /3\s*Followers/ }));

    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    const list = await within(dialog).findByRole('list', { name: 'Followers' });
    expect(fetchMock).toHaveBeenCalledWith('/api/users/2/followers', expect.objectContaining({ credentials: 'include' }));
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/profile/ana');
    expect(within(rows[0]).getByRole('button', { name: /Follow/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(rows[1]).getByRole('button', { name: /Following/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says why a private account's list is closed", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json({ message: 'This account is private', code: 'forbidden' }, { status: 403 }));
    renderWithApp(<FollowListDialog userId={2} username="leo" side="following" count={4} />, { user: me });

    await user.click(screen.getByRole('button', { name: /4\s*Following/ }));

    expect(await screen.findByText('This account is private')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/2/following', expect.anything());
  });
});
