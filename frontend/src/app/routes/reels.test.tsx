import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dotWindow } from '@/features/reels/components/reels-screen';
import { SafetyLayer } from '@/features/safety/components/safety-layer';
import { TipLayer } from '@/features/tips/components/tip-layer';
import { CommunityActionsProvider } from '@/lib/community-actions';
import { OPENED_IN_APP } from '@/lib/opened-in-app';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { aReel } from '@/test/reels';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import ReelsPage from './reels';
import { fillCard, PAYING_CARD } from '@/test/card';

const reels = [aReel({ id: 1, caption: 'Neon loops' }), aReel({ id: 2, caption: 'Ink in water' }), aReel({ id: 3, caption: 'Clay spin' })];

let played: HTMLMediaElement[];
let paused: HTMLMediaElement[];

beforeEach(() => {
  played = [];
  paused = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.push(this);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Answer = Parameters<typeof serveApi>[0][string];

function renderReels(path = '/reels', answer: Answer = () => json(reels)) {
  serveApi({ 'GET /api/reels': answer });
  return renderWithApp(<ReelsPage />, { path, user: me });
}

const slide = (n: number) => document.querySelector<HTMLElement>(`section[aria-label="Reel ${n} by Leo Park"]`)!;
const video = (n: number) => slide(n).querySelector('video')!;
const activeSlide = () => document.querySelector('[data-active]')!.getAttribute('aria-label');

describe('the reels pager', () => {
  it("says 'Loading creative reels...' only while the reels load", async () => {
    const answer = deferred<Response>();
    renderReels('/reels', () => answer.promise);
    expect(screen.getByText('Loading creative reels...')).toBeInTheDocument();
    await act(async () => answer.resolve(json(reels)));
    expect(await screen.findByRole('region', { name: 'Reel 1 by Leo Park' })).toBeInTheDocument();
    expect(screen.queryByText('Loading creative reels...')).not.toBeInTheDocument();
  });

  it('plays only the visible reel, muted, with its poster; the next one preloads', async () => {
    renderReels();
    await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    expect(video(1)).toHaveAttribute('src', '/media/reel-1.webm');
    expect(video(1)).toHaveAttribute('poster', '/media/reel-1.jpg');
    expect(video(1).muted).toBe(true);
    expect(video(1)).toHaveAttribute('preload', 'auto');
    expect(video(2)).toHaveAttribute('preload', 'auto');
    expect(video(3)).toHaveAttribute('preload', 'none');
    expect(played).toEqual([video(1)]);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('moves with ArrowDown and ArrowUp, pausing the reel it leaves', async () => {
    renderReels();
    await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeSlide()).toBe('Reel 2 by Leo Park');
    expect(played.at(-1)).toBe(video(2));
    expect(paused).toContain(video(1));
    expect(video(3)).toHaveAttribute('preload', 'auto');
    expect(screen.getByTestId('reels-track')).toHaveStyle({ transform: 'translateY(-100%)' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'ArrowDown' }); // no fourth reel
    expect(activeSlide()).toBe('Reel 3 by Leo Park');
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(activeSlide()).toBe('Reel 2 by Leo Park');
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    fireEvent.keyDown(window, { key: 'ArrowUp' }); // none before the first
    expect(activeSlide()).toBe('Reel 1 by Leo Park');
  });

  it('jumps with the dots and moves on swipes of more than 100 px only', async () => {
    renderReels();
    const main = await screen.findByRole('main', { name: 'Reels' });
    const dots = screen.getByRole('navigation', { name: 'Reel navigation' });
    fireEvent.click(within(dots).getByRole('button', { name: 'Go to reel 3' }));
    expect(activeSlide()).toBe('Reel 3 by Leo Park');
    expect(within(dots).getByRole('button', { name: 'Go to reel 3' })).toHaveAttribute('aria-current', 'true');

    fireEvent.touchStart(main, { touches: [{ clientY: 500 }] });
    fireEvent.touchEnd(main, { changedTouches: [{ clientY: 420 }] }); // 80 px: stays
    expect(activeSlide()).toBe('Reel 3 by Leo Park');
    fireEvent.touchStart(main, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(main, { changedTouches: [{ clientY: 420 }] }); // down 120 px: previous
    expect(activeSlide()).toBe('Reel 2 by Leo Park');
    fireEvent.touchStart(main, { touches: [{ clientY: 500 }] });
    fireEvent.touchEnd(main, { changedTouches: [{ clientY: 380 }] }); // up 120 px: next
    expect(activeSlide()).toBe('Reel 3 by Leo Park');
  });

  it('shows at most 9 dots, a window that follows the current reel, however many reels are loaded', async () => {
    const forty = Array.from({ length: 40 }, (_, i) => aReel({ id: 1000 + i }));
    renderReels('/reels', () => json(forty));
    await screen.findByRole('main', { name: 'Reels' });
    const dots = screen.getByRole('navigation', { name: 'Reel navigation' });
    const labels = () => within(dots).getAllByRole('button').map((b) => b.getAttribute('aria-label')!.replace('Go to reel ', ''));
    expect(labels()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);

    fireEvent.click(within(dots).getByRole('button', { name: 'Go to reel 9' }));
    expect(activeSlide()).toBe('Reel 9 by Leo Park');
    expect(labels()).toEqual(['5', '6', '7', '8', '9', '10', '11', '12', '13']);
    expect(within(dots).getByRole('button', { name: 'Go to reel 9' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(within(dots).getByRole('button', { name: 'Go to reel 13' }));
    expect(labels()).toEqual(['9', '10', '11', '12', '13', '14', '15', '16', '17']);
  });

  it("opens New Reel from '+ New reel' marked as opened from the app, so closing it comes back here", async () => {
    const { location } = renderReels();
    await screen.findByRole('main', { name: 'Reels' });
    fireEvent.click(screen.getByRole('link', { name: '+ New reel' }));
    expect(location.history.at(-1)).toBe('/create-reel');
    expect(location.state).toEqual(OPENED_IN_APP);
  });

  it('keeps the dot window inside the list at both ends', () => {
    expect(dotWindow(0, 3)).toEqual({ start: 0, end: 3 });
    expect(dotWindow(0, 40)).toEqual({ start: 0, end: 9 });
    expect(dotWindow(4, 40)).toEqual({ start: 0, end: 9 });
    expect(dotWindow(5, 40)).toEqual({ start: 1, end: 10 });
    expect(dotWindow(39, 40)).toEqual({ start: 31, end: 40 });
    expect(dotWindow(36, 40)).toEqual({ start: 31, end: 40 });
  });

  it('toggles mute and play; the end pauses; controls hide after 3 s and come back on a touch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderReels();
    await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video(1).muted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video(1).muted).toBe(true);

    paused = [];
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(paused).toContain(video(1));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(played.at(-1)).toBe(video(1));

    const controls = within(slide(1)).getByTestId('reel-controls');
    expect(controls).toHaveAttribute('data-visible');
    act(() => vi.advanceTimersByTime(3000));
    expect(controls).not.toHaveAttribute('data-visible');
    fireEvent.mouseMove(screen.getByRole('main', { name: 'Reels' }));
    expect(controls).toHaveAttribute('data-visible');

    fireEvent.ended(video(1));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(controls).toHaveAttribute('data-visible'); // paused: the play button stays
  });

  it('opens at ?reel={id}', async () => {
    renderReels('/reels?reel=3');
    await screen.findByRole('region', { name: 'Reel 3 by Leo Park' });
    expect(activeSlide()).toBe('Reel 3 by Leo Park');
    expect(played.at(-1)).toBe(video(3));
  });

  it('opens at ?reel={id} on a later page, fetching pages until it is there', async () => {
    const later = aReel({ id: 50, caption: 'Older one' });
    renderReels('/reels?reel=50', ({ url }) =>
      url.searchParams.get('before') === '1' ? json([later]) : json(reels, { headers: { 'X-Next-Cursor': '1' } }),
    );
    await screen.findByRole('region', { name: 'Reel 4 by Leo Park' });
    expect(activeSlide()).toBe('Reel 4 by Leo Park');
    expect(video(4)).toHaveAttribute('src', '/media/reel-50.webm');
  });

  it('likes with the heart and takes the server count; a failed like reverts with a toast', async () => {
    let answer = () => json({ isLiked: true, likesCount: 20 });
    const api = serveApi({ 'GET /api/reels': () => json(reels), 'POST /api/reels/1/like': () => answer() });
    renderWithApp(<ReelsPage />, { path: '/reels', user: me });
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    const heart = within(first).getByRole('button', { name: 'Like' });
    const count = () => within(first).getByTestId('reel-likes-count').textContent;
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(heart);
    await vi.waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await vi.waitFor(() => expect(count()).toBe('20'));
    expect(api.calls('POST /api/reels/1/like')).toHaveLength(1);

    answer = () => new Response('{"message":"boom"}', { status: 500 });
    fireEvent.click(heart);
    expect(await screen.findByText('Failed to update like. Please try again.')).toBeInTheDocument();
    await vi.waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(count()).toBe('20');
  });

  it('a double tap on the video likes (never unlikes) and leaves playback as it was', async () => {
    const api = serveApi({
      'GET /api/reels': () => json(reels),
      'POST /api/reels/1/like': () => json({ isLiked: true, likesCount: 13 }),
    });
    renderWithApp(<ReelsPage />, { path: '/reels', user: me });
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    const playButton = () => within(first).getByRole('button', { name: /^(Play|Pause)$/ }).getAttribute('aria-label');
    const before = playButton();
    fireEvent.click(video(1), { detail: 1 });
    fireEvent.click(video(1), { detail: 2 });
    expect(playButton()).toBe(before);
    await vi.waitFor(() => expect(within(first).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(first).getByTestId('like-burst')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls('POST /api/reels/1/like')).toHaveLength(1));
    // Liked already: another double tap sends nothing.
    fireEvent.click(video(1), { detail: 1 });
    fireEvent.click(video(1), { detail: 2 });
    expect(api.calls('POST /api/reels/1/like')).toHaveLength(1);
  });

  it('the bubble opens the comments and the plane Send to…, through the app', async () => {
    const actions = { openComments: vi.fn(), openShare: vi.fn() };
    serveApi({ 'GET /api/reels': () => json(reels) });
    renderWithApp(
      <CommunityActionsProvider value={actions}>
        <ReelsPage />
      </CommunityActionsProvider>,
      { path: '/reels', user: me },
    );
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    fireEvent.click(within(first).getByRole('button', { name: 'Comments' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Share' }));
    expect(actions.openComments).toHaveBeenCalledWith({ kind: 'reel', id: 1, authorId: 2 });
    expect(actions.openShare).toHaveBeenCalledWith({ kind: 'reel', id: 1 });
  });

  it("has no plane on a reel whose author turned '3D Content Sharing' off (its count stays)", async () => {
    serveApi({ 'GET /api/reels': () => json([aReel({ id: 1, caption: 'Neon loops', allowsSharing: false, sharesCount: 4 })]) });
    renderWithApp(<ReelsPage />, { path: '/reels', user: me });
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    expect(within(first).getByRole('button', { name: 'Comments' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(first).getByText('4')).toBeInTheDocument();
  });

  it("tips the creator for the reel from 'Support' beside its author; none on your own reel", async () => {
    const mine = aReel({ id: 2, caption: 'My loop', user: { id: me.id, username: me.username, displayName: me.displayName, profileImage: null } });
    const api = serveApi({
      'GET /api/reels': () => json([reels[0], mine]),
      'POST /api/tips': () => json({ id: 1, toUser: reels[0].user, amount: 500, fee: 50, postId: null, reelId: 1, message: null, createdAt: '2026-03-04T10:00:00Z' }, { status: 201 }),
    });
    renderWithApp(
      <TipLayer viewerId={me.id}>
        <ReelsPage />
      </TipLayer>,
      { path: '/reels', user: me },
    );
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    const own = document.querySelector<HTMLElement>('section[aria-label="Reel 2 by Maya Chen"]')!;
    expect(within(own).getByRole('button', { name: 'Share', hidden: true })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Support', hidden: true })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Support Leo Park' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await fillCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Thanks for supporting Leo Park!')).toBeInTheDocument();
    expect(api.calls('POST /api/tips')[0].body).toEqual({ toUserId: 2, amount: 500, reelId: 1, card: PAYING_CARD });
    expect(activeSlide()).toBe('Reel 1 by Leo Park');
  });

  it("mutes or blocks the creator from the '⋯' menu, whose arrow keys walk its items, not the reels", async () => {
    const api = serveApi({
      'GET /api/reels': () => json(reels),
      'POST /api/users/2/mute': () => new Response(null, { status: 204 }),
    });
    renderWithApp(
      <SafetyLayer viewerId={me.id}>
        <ReelsPage />
      </SafetyLayer>,
      { path: '/reels', user: me },
    );
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    await user.click(within(first).getByRole('button', { name: 'More options' }));
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mute @leo' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block @leo' })).toHaveFocus();
    expect(activeSlide()).toBe('Reel 1 by Leo Park');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByText('Muted @leo')).toBeInTheDocument();
    expect(api.calls('POST /api/users/2/mute')).toHaveLength(1);
    expect(activeSlide()).toBe('Reel 1 by Leo Park');
  });

  it('says when there are no reels yet', async () => {
    renderReels('/reels', () => json([]));
    expect(await screen.findByText('No reels yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a reel' })).toHaveAttribute('href', '/create-reel');
    expect(screen.queryByText('Loading creative reels...')).not.toBeInTheDocument();
  });

  it("does not start a reel by itself with 'Auto-play Videos' off: the play button shows", async () => {
    serveApi({
      'GET /api/reels': () => json(reels),
      'GET /api/user/settings': () => json({ ...DEFAULT_SETTINGS, autoPlayVideos: false }),
    });
    renderWithApp(<ReelsPage />, { path: '/reels', user: me });
    await screen.findByRole('region', { name: 'Reel 1 by Leo Park' });
    expect(await within(slide(1)).findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(played).toEqual([]);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeSlide()).toBe('Reel 2 by Leo Park');
    expect(played).toEqual([]);
    fireEvent.click(within(slide(2)).getByRole('button', { name: 'Play' }));
    expect(played).toEqual([video(2)]);
  });
});
