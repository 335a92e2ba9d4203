import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FederationOverview, KnownServer } from '@/features/admin/types';
import { aRevenue } from '@/test/admin';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import AdminPage from './admin';

type Routes = Parameters<typeof serveApi>[0];

const admin = { ...me, id: 9, username: 'admin', displayName: 'Atelier Admin', isAdmin: true };

function aServer(overrides: Partial<KnownServer> = {}): KnownServer {
  return {
    host: 'social.example',
    accounts: 3,
    pendingDeliveries: 0,
    failures: 0,
    blocked: false,
    pausedUntil: null,
    lastError: null,
    lastSuccessAt: '2026-03-04T10:05:00Z',
    ...overrides,
  };
}

function anOverview(overrides: Partial<FederationOverview> = {}): FederationOverview {
  return { enabled: true, pendingDeliveries: 7, failingDeliveries: 2, servers: [aServer()], ...overrides };
}

function renderFederation(routes: Routes = {}) {
  const server = serveApi({
    'GET /api/admin/revenue': () => json(aRevenue()),
    'GET /api/admin/ads': () => json([]),
    'GET /api/admin/federation': () => json(anOverview()),
    ...routes,
  });
  return { ...renderWithApp(<AdminPage />, { path: '/admin', user: admin }), ...server };
}

async function openFederation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Federation' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the admin's Federation tab (issue 46)", () => {
  it('shows whether federation is on, the waiting and failing deliveries, and each server with its state', async () => {
    const user = userEvent.setup();
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    renderFederation({
      'GET /api/admin/federation': () =>
        json(
          anOverview({
            servers: [
              aServer({ host: 'bad.example', accounts: 1, blocked: true }),
              aServer({ host: 'slow.example', accounts: 12, pendingDeliveries: 4, failures: 5, pausedUntil: later, lastError: '503 Service Unavailable' }),
              aServer(),
            ],
          }),
        ),
    });
    await openFederation(user);
    const tiles = await screen.findByRole('list', { name: 'Federation totals' });
    await waitFor(() => expect(within(tiles).getByRole('listitem', { name: 'Federation' })).toHaveTextContent('On'));
    expect(within(tiles).getByRole('listitem', { name: 'Pending deliveries' })).toHaveTextContent('7');
    expect(within(tiles).getByRole('listitem', { name: 'Failing deliveries' })).toHaveTextContent('2');

    const servers = screen.getByRole('list', { name: 'Servers' });
    const blocked = within(servers).getByRole('listitem', { name: 'bad.example' });
    expect(blocked).toHaveTextContent('Blocked');
    expect(within(blocked).getByRole('button', { name: 'Unblock bad.example' })).toBeInTheDocument();
    const slow = within(servers).getByRole('listitem', { name: 'slow.example' });
    expect(slow).toHaveTextContent('12 accounts · 4 pending · 5 failures');
    expect(slow).toHaveTextContent('Paused until');
    expect(slow).toHaveTextContent('Last error: 503 Service Unavailable');
    expect(within(slow).queryByRole('button')).not.toBeInTheDocument();
    const ok = within(servers).getByRole('listitem', { name: 'social.example' });
    expect(ok).toHaveTextContent('OK');
    expect(ok).toHaveTextContent('Last delivered Mar 4, 2026');
  });

  it('says when federation is off', async () => {
    const user = userEvent.setup();
    renderFederation({ 'GET /api/admin/federation': () => json(anOverview({ enabled: false, pendingDeliveries: 0, failingDeliveries: 0, servers: [] })) });
    await openFederation(user);
    expect(await screen.findByText(/^Federation is off/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Federation' })).toHaveTextContent('Off');
    expect(screen.getByText('No other servers known yet')).toBeInTheDocument();
  });

  it('blocks a server by its host, then lists it again as blocked', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const { calls } = renderFederation({
      'GET /api/admin/federation': () => json(anOverview({ servers: [aServer({ blocked })] })),
      'PUT /api/admin/federation/blocks/social.example': () => {
        blocked = true;
        return new Response(null, { status: 204 });
      },
    });
    await openFederation(user);
    await user.type(await screen.findByLabelText('Block a server'), ' Social.Example ');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls('PUT /api/admin/federation/blocks/social.example')).toHaveLength(1));
    const row = await screen.findByRole('listitem', { name: 'social.example' });
    await waitFor(() => expect(row).toHaveTextContent('Blocked'));
    expect(screen.getByLabelText('Block a server')).toHaveValue('');
    expect(calls('GET /api/admin/federation')).toHaveLength(2);
  });

  it("shows the server's refusal of a host under the form", async () => {
    const user = userEvent.setup();
    renderFederation({
      'PUT /api/admin/federation/blocks/not%20a%20host': () => apiError(400, "Give a server's host name, like social.example", 'bad_request'),
    });
    await openFederation(user);
    await user.type(await screen.findByLabelText('Block a server'), 'not a host');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Give a server's host name, like social.example");
    expect(screen.getByLabelText('Block a server')).toHaveValue('not a host');
  });

  it('unblocks a blocked server and refetches the list', async () => {
    const user = userEvent.setup();
    let blocked = true;
    const { calls } = renderFederation({
      'GET /api/admin/federation': () => json(anOverview({ servers: [aServer({ host: '127.0.0.1:4567', blocked })] })),
      // The host is sent encoded (`:` as %3A); the server decodes its path.
      'DELETE /api/admin/federation/blocks/127.0.0.1%3A4567': () => {
        blocked = false;
        return new Response(null, { status: 204 });
      },
    });
    await openFederation(user);
    await user.click(await screen.findByRole('button', { name: 'Unblock 127.0.0.1:4567' }));
    const row = screen.getByRole('listitem', { name: '127.0.0.1:4567' });
    await waitFor(() => expect(row).toHaveTextContent('OK'));
    expect(within(row).queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
    expect(calls('DELETE /api/admin/federation/blocks/127.0.0.1%3A4567')).toHaveLength(1);
  });

  it('loads the next 50 servers after the last host when a full page came back', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 50 }, (_, i) => aServer({ host: `s${String(i).padStart(2, '0')}.example` }));
    const { calls } = renderFederation({
      'GET /api/admin/federation': ({ url }) =>
        json(anOverview({ servers: url.searchParams.get('after') === 's49.example' ? [aServer({ host: 'zz.example' })] : first })),
    });
    await openFederation(user);
    const servers = await screen.findByRole('list', { name: 'Servers' });
    expect(within(servers).getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(servers).findByRole('listitem', { name: 'zz.example' })).toBeInTheDocument();
    expect(calls('GET /api/admin/federation').map((call) => call.url.search)).toEqual(['', '?after=s49.example']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
