import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import type { SignedInSession } from '../types';
import { SessionsList } from './sessions-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aSession(overrides: Partial<SignedInSession>): SignedInSession {
  return { id: 's1', current: false, createdAt: minutesAgo(600), lastSeenAt: minutesAgo(5), userAgent: 'Chrome on Linux', ...overrides };
}

const SESSIONS = [
  aSession({ id: 'here', current: true, userAgent: 'Firefox on Windows', lastSeenAt: minutesAgo(0) }),
  aSession({ id: 'phone', userAgent: 'Safari on iPhone', lastSeenAt: minutesAgo(5) }),
  aSession({ id: 'laptop', userAgent: 'Chrome on Linux', lastSeenAt: minutesAgo(3 * 60) }),
];

describe('SessionsList', () => {
  it("lists each session in words, marks this device and tells when the others were last active", async () => {
    serveApi({ 'GET /api/user/sessions': () => json(SESSIONS) });
    renderWithApp(<SessionsList />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Firefox on Windows');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iPhoneLast active 5m ago');
    expect(rows[2]).toHaveTextContent('Last active 3h ago');
    expect(within(rows[1]).getByRole('button', { name: 'Sign out Safari on iPhone' })).toHaveTextContent('Sign out');
  });

  it('signs one other session out and takes it off the list', async () => {
    const user = userEvent.setup();
    let sessions = SESSIONS;
    const { calls } = serveApi({
      'GET /api/user/sessions': () => json(sessions),
      'DELETE /api/user/sessions/phone': () => {
        sessions = sessions.filter((s) => s.id !== 'phone');
        return new Response(null, { status: 204 });
      },
    });
    renderWithApp(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    await vi.waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls('DELETE /api/user/sessions/phone')).toHaveLength(1);
    expect(screen.getByText('Chrome on Linux')).toBeInTheDocument();
  });

  it('asks before signing out every other session, then keeps this one only', async () => {
    const user = userEvent.setup();
    let sessions = SESSIONS;
    const { calls } = serveApi({
      'GET /api/user/sessions': () => json(sessions),
      'DELETE /api/user/sessions': () => {
        sessions = sessions.filter((s) => s.current);
        return json({ ended: 2 });
      },
    });
    renderWithApp(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/user/sessions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('DELETE /api/user/sessions')).toHaveLength(1);
    const rows = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });

  it("toasts the server's reason when a session cannot be signed out", async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /api/user/sessions': () => json(SESSIONS),
      'DELETE /api/user/sessions/phone': () => apiError(404, 'Session not found'),
    });
    renderWithApp(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
  });
});
