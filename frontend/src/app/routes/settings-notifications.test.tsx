import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXT } from '@/features/settings/hooks/use-push-switch';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import { installPush, removePush, VAPID_KEY } from '@/test/push';
import { aProfile, json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import SettingsPage from './settings';

type Routes = Parameters<typeof serveApi>[0];

function renderSettings(settings: Partial<Settings> = {}, routes: Routes = {}) {
  let saved: Settings = { ...DEFAULT_SETTINGS, ...settings };
  const server = serveApi({
    'GET /api/user/settings': () => json(saved),
    'PUT /api/user/settings': ({ body }) => {
      saved = { ...saved, ...(body as Partial<Settings>) };
      return json(saved);
    },
    'GET /api/users/username/maya': () => json(aProfile({ id: 1, username: 'maya', displayName: 'Maya Chen' })),
    'GET /api/push/vapid-public-key': () => json({ publicKey: VAPID_KEY }),
    'POST /api/push/subscriptions': () => new Response(null, { status: 201 }),
    'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
    ...routes,
  });
  return { ...renderWithApp(<SettingsPage />, { path: '/settings', user: me }), ...server };
}

const switchNamed = (name: string) => screen.getByRole('switch', { name });
const push = () => screen.getByRole('switch', { name: 'Push Notifications' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removePush();
});

describe('notification settings', () => {
  it('offers Likes, Comments, Mentions and Follows beside the Push, Voice and Chat switches, saved as they change', async () => {
    const { calls } = renderSettings({ likeNotifications: true });
    const group = screen.getByRole('region', { name: 'Notifications' });
    expect(within(group).getAllByRole('switch').map((s) => s.getAttribute('aria-labelledby') && document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Push Notifications',
      'Voice Messages',
      'Chat Messages',
      'Likes',
      'Comments',
      'Mentions',
      'Follows',
    ]);
    await waitFor(() => expect(switchNamed('Likes')).toHaveAttribute('aria-checked', 'true'));

    await userEvent.setup().click(switchNamed('Likes'));

    expect(switchNamed('Likes')).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(calls('PUT /api/user/settings').map((c) => c.body)).toEqual([{ likeNotifications: false }]));
  });

  it('shows each kind as saved', async () => {
    renderSettings({ commentNotifications: false, followNotifications: false });
    await waitFor(() => expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'false'));
    expect(switchNamed('Follows')).toHaveAttribute('aria-checked', 'false');
    expect(switchNamed('Mentions')).toHaveAttribute('aria-checked', 'true');
  });
});

describe('the Push Notifications switch', () => {
  it('asks the browser, subscribes it and saves the setting when permission is granted', async () => {
    const fake = installPush({ answer: 'granted' });
    const { calls } = renderSettings({ pushNotifications: false });
    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'false'));

    await userEvent.setup().click(push());

    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'true'));
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
    expect(calls('POST /api/push/subscriptions').map((c) => c.body)).toEqual([
      { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } },
    ]);
    await waitFor(() => expect(calls('PUT /api/user/settings').map((c) => c.body)).toEqual([{ pushNotifications: true }]));
    expect(screen.queryByText(PUSH_TEXT.blocked)).toBeNull();
  });

  it('stays off and says notifications are blocked when permission is denied', async () => {
    installPush({ answer: 'denied' });
    const { calls } = renderSettings({ pushNotifications: false });
    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'false'));

    await userEvent.setup().click(push());

    expect(await screen.findByText(PUSH_TEXT.blocked)).toBeInTheDocument();
    expect(push()).toHaveAttribute('aria-checked', 'false');
    expect(push()).toHaveAccessibleDescription(expect.stringContaining(PUSH_TEXT.blocked));
    expect(calls('PUT /api/user/settings')).toEqual([]);
    expect(calls('POST /api/push/subscriptions')).toEqual([]);
  });

  it('unsubscribes this browser and tells the server when turned off', async () => {
    const fake = installPush({ subscribed: true, permission: 'granted' });
    const { calls } = renderSettings({ pushNotifications: true });
    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'true'));

    await userEvent.setup().click(push());

    expect(push()).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(calls('DELETE /api/push/subscriptions').map((c) => c.body)).toEqual([{ endpoint: 'https://push.example.com/send/abc' }]));
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls('PUT /api/user/settings').map((c) => c.body)).toEqual([{ pushNotifications: false }]);
  });

  it('keeps the setting usable where push is not available, and says so', async () => {
    installPush({ serviceWorker: false });
    const { calls } = renderSettings({ pushNotifications: false });
    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'false'));

    await userEvent.setup().click(push());

    expect(await screen.findByText(PUSH_TEXT.unavailable)).toBeInTheDocument();
    await waitFor(() => expect(push()).toHaveAttribute('aria-checked', 'true'));
    expect(calls('PUT /api/user/settings').map((c) => c.body)).toEqual([{ pushNotifications: true }]);
  });

  it('says notifications are blocked when the setting is on but the browser blocks them', async () => {
    installPush({ permission: 'denied' });
    renderSettings({ pushNotifications: true });
    expect(await screen.findByText(PUSH_TEXT.blocked)).toBeInTheDocument();
  });
});
