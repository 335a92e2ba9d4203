//! Issue 43: a server that cannot be reached is not a sign-out. The whole app (AppRouter, the
//! shell, Home) over a fake server that can be taken down and brought back.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { aPost, aProfile, json, me, renderWithApp } from '@/test/render';
import { AppRouter } from './router';

const UNREACHABLE = "Can't reach Atelier — retrying";

/** The server as the browser meets it: down (every request fails on the network) or up. */
const server = { up: true, signedIn: true };

function answer(path: string): Response {
  if (path === '/api/auth/user') return server.signedIn ? json(me) : json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });
  if (path === '/api/posts') return json([aPost({ caption: 'Neon city at night' })]);
  if (path === `/api/users/username/${me.username}`) return json(aProfile({ id: me.id, username: me.username, followingCount: 3 }));
  if (path.startsWith('/api/stories') || path.startsWith('/api/ads/') || path.startsWith('/api/canvases')) return json([]);
  return json({ message: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  server.up = true;
  server.signedIn = true;
  localStorage.clear();
  FakeWebSocket.install();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      if (!server.up) throw new TypeError('Failed to fetch');
      return answer(new URL(String(input), 'http://app.test').pathname);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Maya signed in on this browser before (offline-session.ts keeps her under this key). */
function rememberMaya() {
  localStorage.setItem(`atelier.session.${me.id}`, JSON.stringify(me));
}

function bar() {
  return screen.queryByText(UNREACHABLE);
}

describe('the app while the server cannot be reached', () => {
  it("starts in the remembered user's shell with 'Can't reach Atelier — retrying', not the sign-in page", async () => {
    rememberMaya();
    server.up = false;
    renderWithApp(<AppRouter />);

    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByText(UNREACHABLE).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${me.displayName}` })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
  });

  it('waits with the bar in a frame of its own when nobody is remembered, still not the sign-in page', async () => {
    server.up = false;
    renderWithApp(<AppRouter />);

    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Waiting for Atelier' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
  });

  it('keeps the signed-in user when a later session check fails on the network', async () => {
    const { queryClient } = renderWithApp(<AppRouter />);
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${me.displayName}` });

    server.up = false;
    // A refetch on focus, say; it keeps retrying (and so never settles) while the server is down.
    act(() => void queryClient.refetchQueries({ queryKey: ['/api/auth/user'] }));

    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: `Welcome, ${me.displayName}` })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
  });

  it('shows the sign-in page when the server answers 401, though a user is remembered', async () => {
    rememberMaya();
    server.signedIn = false;
    renderWithApp(<AppRouter />);

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
  });

  it('drops the bar and loads the feed once the server answers again, without a reload', async () => {
    rememberMaya();
    server.up = false;
    renderWithApp(<AppRouter />);
    await screen.findByText(UNREACHABLE);
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${me.displayName}` });
    expect(screen.queryByRole('article', { name: 'Post by Leo Park' })).not.toBeInTheDocument();

    server.up = true;
    // The session check asks again after its first backoff (about a second); the socket then
    // reconnects at once, and the server takes it.
    const gallery = within(await screen.findByTestId('gallery'));
    expect(await gallery.findByRole('article', { name: 'Post by Leo Park' })).toBeInTheDocument();
    act(() => FakeWebSocket.latest().open());
    expect(bar()).not.toBeInTheDocument();
  });
});
