import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import type { BlockedAccount } from '../types';
import { BlockedAccountsDialog } from './blocked-accounts-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function anAccount(id: number, username: string, displayName: string): BlockedAccount {
  return { id, username, displayName, profileImageUrl: null };
}

const leo = anAccount(2, 'leo', 'Leo Park');
const ana = anAccount(3, 'ana', 'Ana Silva');
const kim = anAccount(4, 'kim', 'Kim Lee');

async function openList(routes: Parameters<typeof serveApi>[0]) {
  const api = serveApi(routes);
  const app = renderWithApp(<BlockedAccountsDialog />, { user: me, path: '/settings' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Blocked accounts' }));
  const dialog = screen.getByRole('dialog', { name: 'Blocked accounts' });
  return { ...app, ...api, user, dialog };
}

const names = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Blocked accounts' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('settings › Blocked accounts', () => {
  it('lists each account with its avatar, name, @username and Unblock, the latest first', async () => {
    const { dialog, calls } = await openList({ 'GET /api/user/blocks': () => json([leo, ana]) });
    await within(dialog).findByRole('list', { name: 'Blocked accounts' });
    expect(names(dialog)).toEqual(['Leo Park@leoUnblock', 'Ana Silva@anaUnblock']);
    expect(within(dialog).getByRole('img', { name: 'Leo Park' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unblock @ana' })).toHaveTextContent('Unblock');
    expect(calls('GET /api/user/blocks').map((c) => c.url.search)).toEqual(['?limit=20']);
  });

  it('unblocks: the row goes and a toast says so', async () => {
    const { dialog, user, calls } = await openList({
      'GET /api/user/blocks': () => json([leo, ana]),
      'DELETE /api/users/2/block': () => new Response(null, { status: 204 }),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Unblock @leo' }));
    await waitFor(() => expect(names(dialog)).toEqual(['Ana Silva@anaUnblock']));
    expect(await screen.findByText('Unblocked @leo')).toBeInTheDocument();
    expect(calls('DELETE /api/users/2/block')).toHaveLength(1);
  });

  it("keeps the row and says why when the server refuses", async () => {
    const { dialog, user } = await openList({
      'GET /api/user/blocks': () => json([leo]),
      'DELETE /api/users/2/block': () => apiError(500, 'Something went wrong'),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Unblock @leo' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(names(dialog)).toEqual(['Leo Park@leoUnblock']);
  });

  it("says 'You haven't blocked anyone.' when the list is empty", async () => {
    const { dialog } = await openList({ 'GET /api/user/blocks': () => json([]) });
    expect(await within(dialog).findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });

  it('loads the next page with X-Next-Cursor as the end of the list scrolls into view', async () => {
    const observers = stubIntersectionObserver();
    const { dialog, calls } = await openList({
      'GET /api/user/blocks': ({ url }) =>
        url.searchParams.get('before') === '41' ? json([kim]) : json([leo, ana], { headers: { 'X-Next-Cursor': '41' } }),
    });
    await within(dialog).findByRole('list', { name: 'Blocked accounts' });
    await act(async () => observers.at(-1)?.([{ isIntersecting: true }]));
    await waitFor(() => expect(names(dialog)).toHaveLength(3));
    expect(calls('GET /api/user/blocks').map((c) => c.url.search)).toEqual(['?limit=20', '?before=41&limit=20']);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
