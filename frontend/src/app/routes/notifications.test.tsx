import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationsSync } from '@/features/notifications/components/notifications-sync';
import { NOTIFICATIONS_TEXT as TEXT } from '@/features/notifications/notifications-text';
import { FOLLOW_REQUESTS_TEXT } from '@/features/users/privacy-text';
import { FakeWebSocket } from '@/test/fake-websocket';
import { aNotification, anaActor, daysAgo, kimActor, leoActor, samActor } from '@/test/notifications';
import { openSocket, withRealtime } from '@/test/realtime';
import { json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import NotificationsPage from './notifications';

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Routes = Parameters<typeof serveApi>[0];

function renderPage(routes: Routes = {}, path = '/notifications') {
  const api = serveApi({
    'GET /api/notifications': () => json([]),
    'GET /api/notifications/unread-count': () => json({ count: 0 }),
    'GET /api/user/follow-requests': () => json([]),
    'POST /api/notifications/read': () => new Response(null, { status: 204 }),
    ...routes,
  });
  const result = renderWithApp(
    withRealtime(
      <>
        <NotificationsSync />
        <NotificationBell />
        <Switch>
          <Route path="/notifications" component={NotificationsPage} />
          <Route path="/p/:id">{(params) => <p>Post {params.id}</p>}</Route>
        </Switch>
      </>,
    ),
    { path, user: me },
  );
  return { ...result, ...api, socket: openSocket() };
}

const group = (name: string) => screen.getByRole('list', { name });

describe('the notifications page', () => {
  it('groups the notifications into Today, This week and Earlier, unread ones marked', async () => {
    renderPage({
      'GET /api/notifications': () =>
        json([
          aNotification({ id: 3, actors: [leoActor, anaActor, samActor], actorsCount: 5, text: 'leo and 4 others liked your post' }),
          aNotification({ id: 2, kind: 'follow', actors: [anaActor], text: 'ana started following you', url: '/profile/ana', target: { type: 'user', id: 1, preview: null, thumbnailUrl: null, media: [] }, read: true, createdAt: daysAgo(3) }),
          aNotification({ id: 1, kind: 'comment', text: 'leo commented: So good', read: true, createdAt: daysAgo(12) }),
        ]),
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
    });

    expect(screen.getByRole('heading', { level: 1, name: TEXT.title })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: TEXT.groups.today });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      TEXT.groups.today,
      TEXT.groups.week,
      TEXT.groups.earlier,
    ]);

    const folded = within(group(TEXT.groups.today)).getByRole('link');
    expect(folded).toHaveAccessibleName(/^leo and 4 others liked your post now Unread$/);
    expect(folded).toHaveAttribute('href', '/p/7');
    expect(within(folded).getByText('leo').tagName).toBe('STRONG');
    expect(within(folded).getByTestId('unread-dot')).toBeInTheDocument();
    // Three faces at most, and the post's thumbnail.
    expect(within(folded).getByTestId('avatar-stack').children).toHaveLength(3);
    expect(folded.querySelector('img[src="/media/abc-320.jpg"]')).not.toBeNull();

    const follow = within(group(TEXT.groups.week)).getByRole('link');
    expect(follow).toHaveAccessibleName(/^ana started following you/);
    expect(follow).not.toHaveAccessibleName(/Unread/);
    expect(within(follow).queryByTestId('unread-dot')).toBeNull();
    expect(within(group(TEXT.groups.earlier)).getByRole('link')).toHaveAccessibleName(/^leo commented: So good/);
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute('href', '/notifications');
  });

  it('marks a tapped notification read and opens what it is about', async () => {
    const { calls, location } = renderPage({
      'GET /api/notifications': () => json([aNotification({ id: 4 })]),
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: /leo liked your post/ }));

    expect(await screen.findByText('Post 7')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/p/7');
    expect(calls('POST /api/notifications/read').map((c) => c.body)).toEqual([{ ids: [4] }]);
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("'Mark all as read' clears every mark and the badge", async () => {
    const { calls } = renderPage({
      'GET /api/notifications': () => json([aNotification({ id: 6 }), aNotification({ id: 5, text: 'leo liked your reel' })]),
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
    });
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.markAllRead }));

    expect(calls('POST /api/notifications/read').map((c) => c.body)).toEqual([{ all: true }]);
    expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0);
    expect(screen.queryByText(TEXT.unread)).toBeNull();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.markAllRead })).toBeNull();
  });

  it('follows reads made on another device: a smaller count fetches the list again, none unread clears every mark', async () => {
    let readOnLaptop: number[] = [];
    const { calls, socket } = renderPage({
      'GET /api/notifications': () =>
        json([aNotification({ id: 6, read: readOnLaptop.includes(6) }), aNotification({ id: 5, text: 'leo liked your reel', read: readOnLaptop.includes(5) })]),
      'GET /api/notifications/unread-count': () => json({ count: 2 - readOnLaptop.length }),
    });
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);
    const fetched = calls('GET /api/notifications').length;

    readOnLaptop = [6];
    socket.receive({ type: 'unreadCount', count: 1 });
    await waitFor(() => expect(screen.getAllByTestId('unread-dot')).toHaveLength(1));
    expect(calls('GET /api/notifications').length).toBe(fetched + 1);
    expect(screen.getByRole('link', { name: /leo liked your reel/ })).toHaveAccessibleName(/Unread$/);

    socket.receive({ type: 'unreadCount', count: 0 });
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(calls('GET /api/notifications').length).toBe(fetched + 1);
    expect(calls('POST /api/notifications/read')).toEqual([]);
  });

  it('asks for the chosen filter and marks it current', async () => {
    const { calls } = renderPage({
      'GET /api/notifications': ({ url }) =>
        json(url.searchParams.get('filter') === 'mentions' ? [aNotification({ kind: 'mention', text: 'leo mentioned you in a comment: hi' })] : []),
    });
    const filters = screen.getByRole('navigation', { name: TEXT.filters });
    expect(within(filters).getAllByRole('link').map((link) => link.textContent)).toEqual(['All', 'Mentions', 'Comments', 'Follows']);
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await screen.findByText(TEXT.emptyFiltered.all);

    await userEvent.setup().click(within(filters).getByRole('link', { name: 'Mentions' }));

    expect(await screen.findByRole('link', { name: /leo mentioned you/ })).toBeInTheDocument();
    expect(within(filters).getByRole('link', { name: 'Mentions' })).toHaveAttribute('aria-current', 'page');
    expect(calls('GET /api/notifications').map((c) => c.url.searchParams.get('filter'))).toEqual(['all', 'mentions']);
  });

  it('says so when there is nothing yet', async () => {
    renderPage();
    expect(await screen.findByText(TEXT.emptyFiltered.all)).toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.markAllRead })).toBeNull();
    expect(screen.queryByRole('heading', { name: FOLLOW_REQUESTS_TEXT.title })).toBeNull();
  });

  it('puts a live notification on top, moves a folded one up, and follows the unread count', async () => {
    const { socket } = renderPage({
      'GET /api/notifications': () =>
        json([aNotification({ id: 11, text: 'ana liked your reel', actors: [anaActor] }), aNotification({ id: 10, text: 'leo liked your post' })]),
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
    });
    await screen.findByRole('link', { name: /ana liked your reel/ });
    const texts = () => within(group(TEXT.groups.today)).getAllByRole('link').map((link) => link.textContent);

    socket.receive({ type: 'notification', notification: aNotification({ id: 12, kind: 'follow', text: 'kim started following you', actors: [kimActor] }) });
    socket.receive({ type: 'unreadCount', count: 3 });
    await waitFor(() => expect(texts()[0]).toMatch(/^kim started following you/));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();

    socket.receive({
      type: 'notification',
      notification: aNotification({ id: 10, text: 'sam and leo liked your post', actors: [samActor, leoActor], actorsCount: 2 }),
    });
    await waitFor(() =>
      expect(texts().map((t) => t?.replace(/ now Unread$/, ''))).toEqual([
        'sam and leo liked your post',
        'kim started following you',
        'ana liked your reel',
      ]),
    );

    socket.receive({ type: 'unreadCount', count: 120 });
    expect(await screen.findByRole('link', { name: 'Notifications, 99+ unread' })).toHaveTextContent('99+');
  });

  it('leaves a live notification out of a filter it does not belong to', async () => {
    const { socket } = renderPage(
      { 'GET /api/notifications': () => json([aNotification({ id: 20, kind: 'mention', text: 'leo mentioned you in a comment: hi' })]) },
      '/notifications?filter=mentions',
    );
    await screen.findByRole('link', { name: /leo mentioned you/ });
    socket.receive({ type: 'notification', notification: aNotification({ id: 21, text: 'ana liked your post', actors: [anaActor] }) });
    socket.receive({ type: 'notification', notification: aNotification({ id: 22, kind: 'mention', text: 'sam mentioned you in a comment: yo', actors: [samActor] }) });
    await screen.findByRole('link', { name: /sam mentioned you/ });
    expect(screen.queryByRole('link', { name: /ana liked your post/ })).toBeNull();
  });
});

describe('the bell', () => {
  it("shows the unread count, '99+' from 100, and nothing at 0", async () => {
    const { socket } = renderPage({ 'GET /api/notifications/unread-count': () => json({ count: 3 }) }, '/');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');

    socket.receive({ type: 'unreadCount', count: 99 });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 99 unread'));
    expect(bell).toHaveTextContent('99');
    socket.receive({ type: 'unreadCount', count: 100 });
    await waitFor(() => expect(bell).toHaveTextContent('99+'));
    expect(bell).toHaveAccessibleName('Notifications, 99+ unread');
    socket.receive({ type: 'unreadCount', count: 0 });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(bell).toHaveTextContent('');
  });
});
