import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import type { FollowRequest } from '@/types/social';
import { FOLLOW_REQUESTS_TEXT as TEXT } from '../privacy-text';
import { FollowRequestsEntry } from './follow-requests-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function aRequest(id: number, userId: number, username: string, displayName: string): FollowRequest {
  return {
    id,
    user: { id: userId, username, displayName, profileImageUrl: null },
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
  };
}

const leo = aRequest(31, 2, 'leo', 'Leo Park');
const ana = aRequest(30, 3, 'ana', 'Ana Silva');
const kim = aRequest(12, 4, 'kim', 'Kim Lee');

type Routes = Parameters<typeof serveApi>[0];

function renderEntry(routes: Routes, { enabled = true } = {}) {
  const api = serveApi(routes);
  const app = renderWithApp(<FollowRequestsEntry enabled={enabled} />, { user: me, path: '/profile/maya' });
  return { ...app, ...api, user: userEvent.setup() };
}

async function openList(routes: Routes) {
  const rendered = renderEntry(routes);
  await rendered.user.click(await screen.findByRole('button', { name: /^Follow requests / }));
  const dialog = screen.getByRole('dialog', { name: TEXT.title });
  return { ...rendered, dialog };
}

/** The entry, also while the dialog it opened hides the page from the accessibility tree. */
const entry = (count: string) => screen.getByRole('button', { name: `Follow requests ${count} pending`, hidden: true });

const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: TEXT.list }))
    .getAllByRole('listitem')
    .map((row) => within(row).getByRole('link').textContent);

describe('the follow requests on your own profile', () => {
  it('fetches nothing and shows nothing for a public account', async () => {
    const { calls } = renderEntry({ 'GET /api/user/follow-requests': () => json([leo]) }, { enabled: false });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Follow requests/ })).not.toBeInTheDocument();
    expect(calls('GET /api/user/follow-requests')).toHaveLength(0);
  });

  it('shows no entry while nobody waits', async () => {
    const { calls } = renderEntry({ 'GET /api/user/follow-requests': () => json([]) });
    await waitFor(() => expect(calls('GET /api/user/follow-requests')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Follow requests/ })).not.toBeInTheDocument();
  });

  it("shows the count ('20+' while more pages wait) and opens the list, newest first, with Approve and Decline", async () => {
    const { dialog } = await openList({
      'GET /api/user/follow-requests': () => json([leo, ana], { headers: { 'X-Next-Cursor': '30' } }),
    });
    expect(entry('2+')).toHaveTextContent('Follow requests 2+ pending');
    expect(dialog).toHaveAccessibleDescription(TEXT.description);
    expect(rows(dialog)).toEqual(['Leo Park@leo · 3h', 'Ana Silva@ana · 3h']);
    expect(within(dialog).getByRole('link', { name: /Leo Park/ })).toHaveAttribute('href', '/profile/leo');
    expect(within(dialog).getByRole('button', { name: 'Approve @leo' })).toHaveTextContent('Approve');
    expect(within(dialog).getByRole('button', { name: 'Decline @ana' })).toHaveTextContent('Decline');
  });

  it('approves at once: the row and the count go, focus moves to the next row, then a toast and the profiles refresh', async () => {
    const answer = deferred<Response>();
    const { dialog, user, calls, queryClient } = await openList({
      'GET /api/user/follow-requests': () => json([leo, ana]),
      'POST /api/follow-requests/31/approve': () => answer.promise,
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(dialog).getByRole('button', { name: 'Approve @leo' }));
    await waitFor(() => expect(rows(dialog)).toEqual(['Ana Silva@ana · 3h']));
    expect(entry('1')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve @ana' })).toHaveFocus();
    expect(calls('POST /api/follow-requests/31/approve')).toHaveLength(1);

    await act(async () => answer.resolve(new Response(null, { status: 204 })));
    expect(await screen.findByText(TEXT.approved('leo'))).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users', 'profile'] });
    expect(calls('GET /api/user/follow-requests')).toHaveLength(1);
  });

  it('puts a declined row back where it was, with a toast, when the server fails', async () => {
    const { dialog, user } = await openList({
      'GET /api/user/follow-requests': () => json([leo, ana, kim]),
      'POST /api/follow-requests/30/decline': () => apiError(500, 'Something went wrong'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Decline @ana' }));
    expect(await screen.findByText(TEXT.declineFailed('ana'))).toBeInTheDocument();
    await waitFor(() => expect(rows(dialog)).toEqual(['Leo Park@leo · 3h', 'Ana Silva@ana · 3h', 'Kim Lee@kim · 3h']));
    expect(entry('3')).toBeInTheDocument();
  });

  it("leaves a request the server no longer has (withdrawn meanwhile) out, and gives the server's words", async () => {
    const { dialog, user } = await openList({
      'GET /api/user/follow-requests': () => json([leo, ana]),
      'POST /api/follow-requests/31/approve': () => apiError(404, 'Follow request not found', 'not_found'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve @leo' }));
    expect(await screen.findByText('Follow request not found')).toBeInTheDocument();
    expect(rows(dialog)).toEqual(['Ana Silva@ana · 3h']);
  });

  it('stays open after the last request is answered and says none are left', async () => {
    const { dialog, user } = await openList({
      'GET /api/user/follow-requests': () => json([leo]),
      'POST /api/follow-requests/31/decline': () => new Response(null, { status: 204 }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Decline @leo' }));
    expect(await within(dialog).findByText(TEXT.empty)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.declined('leo'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TEXT.title })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Follow requests/ })).not.toBeInTheDocument();
  });

  it('loads the next page with X-Next-Cursor as the end of the list scrolls into view', async () => {
    const observers = stubIntersectionObserver();
    const { dialog, calls } = await openList({
      'GET /api/user/follow-requests': ({ url }) =>
        url.searchParams.get('before') === '30' ? json([kim]) : json([leo, ana], { headers: { 'X-Next-Cursor': '30' } }),
    });
    await act(async () => observers.at(-1)?.([{ isIntersecting: true }]));
    await waitFor(() => expect(rows(dialog)).toHaveLength(3));
    expect(calls('GET /api/user/follow-requests').map((c) => c.url.search)).toEqual(['?limit=20', '?before=30&limit=20']);
    expect(entry('3')).toBeInTheDocument();
  });
});
