import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aCanvas,
  aCanvasDetail,
  anaPerson,
  aStroke,
  fakeContext,
  leoPerson,
  mePerson,
  strokesPainted,
  stubCanvasContext,
  type FakeContext,
} from '@/test/canvas';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { deferred, json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import type { Canvas, CanvasPerson } from '../types';
import { CanvasPanel } from './canvas-panel';
import type { FollowedSearchHook } from './invite-dialog';

let ctx: FakeContext;
let restoreContext: () => void;
beforeEach(() => {
  FakeWebSocket.install();
  ctx = fakeContext();
  restoreContext = stubCanvasContext(ctx);
});
afterEach(() => {
  restoreContext();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Routes = Parameters<typeof serveApi>[0];

const followed: CanvasPerson[] = [leoPerson, anaPerson];
const useFollowedSearch: FollowedSearchHook = (query) => ({
  data: followed.filter((p) => p.displayName.toLowerCase().includes(query.toLowerCase())),
  isPending: false,
  isError: false,
});

function renderPanel(routes: Routes = {}) {
  const api = serveApi({
    'GET /api/canvases': () => json([aCanvas()]),
    'GET /api/canvases/1': () => json(aCanvasDetail()),
    ...routes,
  });
  const app = renderWithApp(withRealtime(<CanvasPanel meId={me.id} useFollowedSearch={useFollowedSearch} />), { user: me });
  const socket = openSocket();
  return { ...app, ...api, socket };
}

/** Turns the panel on and waits for the room's picture. */
async function enterRoom() {
  fireEvent.click(await screen.findByRole('button', { name: 'Start Collaborating' }));
  return screen.findByLabelText('Collaboration canvas');
}

/** Socket events reach the cache at once, the screen a tick later (TanStack Query batches). */
function painted(count: number) {
  return waitFor(() => expect(strokesPainted(ctx)).toBe(count));
}

function canvasFrames(socket: FakeWebSocket) {
  return socket.sent.filter((frame) => frame.type.startsWith('canvas'));
}

/** A gesture across the canvas (shown 200×150 at (10, 20)) with a mouse. */
function drawAcross(canvas: HTMLElement) {
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
    left: 10, top: 20, width: 200, height: 150, right: 210, bottom: 170, x: 10, y: 20, toJSON: () => ({}),
  });
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 60, clientY: 70 });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 110, clientY: 95 });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 110, clientY: 95 });
}

describe('the Live Collaboration Canvas panel', () => {
  it('offers to start a canvas when you have none, and enters the new room', async () => {
    const user = userEvent.setup();
    const mine: Canvas[] = [];
    const { calls, socket } = renderPanel({
      'GET /api/canvases': () => json(mine),
      'POST /api/canvases': ({ body }) => {
        mine.unshift(aCanvas({ id: 9, title: (body as { title: string }).title, visibility: 'invite' }));
        return json(mine[0], { status: 201 });
      },
      'GET /api/canvases/9': () => json(aCanvasDetail({ id: 9, title: 'Night drive', visibility: 'invite' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Start a canvas' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a canvas' });
    await user.click(within(dialog).getByRole('button', { name: 'Start canvas' }));
    expect(within(dialog).getByText('Give your canvas a title')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), '  Night drive ');
    await user.click(within(dialog).getByRole('radio', { name: 'Invite only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start canvas' }));

    await screen.findByLabelText('Collaboration canvas');
    expect(calls('POST /api/canvases')[0].body).toEqual({ title: 'Night drive', visibility: 'invite' });
    expect(canvasFrames(socket)).toEqual([{ type: 'canvasJoin', canvasId: 9 }]);
    expect(screen.getByRole('switch', { name: 'Live collaboration' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: 'Open full screen' })).toHaveAttribute('href', '/canvas/9');
  });

  it('is off at first: nothing is joined until you start collaborating', async () => {
    const { calls, socket } = renderPanel();
    expect(await screen.findByText('Sunset jam')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Live collaboration' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('link', { name: 'Open full screen' })).toHaveAttribute('href', '/canvas/1');
    expect(canvasFrames(socket)).toEqual([]);
    expect(calls('GET /api/canvases/1')).toHaveLength(0);
  });

  it('joins the room first, then fetches its picture; the spec brush: 1–20 px, 5, red', async () => {
    let framesWhenFetched: unknown[] = [];
    const { socket, calls } = renderPanel({
      'GET /api/canvases/1': () => {
        framesWhenFetched = canvasFrames(socket);
        return json(aCanvasDetail({ strokes: [aStroke()] }));
      },
    });
    const canvas = (await enterRoom()) as HTMLCanvasElement;
    expect(calls('GET /api/canvases/1')).toHaveLength(1);
    expect(framesWhenFetched).toEqual([{ type: 'canvasJoin', canvasId: 1 }]);
    expect([canvas.width, canvas.height]).toEqual([400, 300]);
    await painted(1);
    const slider = screen.getByRole('slider', { name: 'Brush size' });
    expect(slider).toHaveValue('5');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '20');
    expect(screen.getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a stroke relayed before the fetch answered, and draws one both relayed and fetched once', async () => {
    const answer = deferred<Response>();
    const { socket } = renderPanel({ 'GET /api/canvases/1': () => answer.promise });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Collaborating' }));
    await waitFor(() => expect(canvasFrames(socket)).toHaveLength(1));

    const early = aStroke({ id: 'early', createdAt: '2026-03-01T10:02:00Z' });
    const stored = aStroke({ id: 'stored' });
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: stored });
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: early });
    // Another room's stroke is not this one's.
    socket.receive({ type: 'canvasStroke', canvasId: 2, userId: leoPerson.id, stroke: aStroke({ id: 'elsewhere' }) });
    // The server had stored 'stored' (not yet 'early') when it answered.
    await act(async () => answer.resolve(json(aCanvasDetail({ strokes: [stored] }))));

    await screen.findByLabelText('Collaboration canvas');
    await painted(2);
    // A stroke relayed afterwards is added; its echo is not drawn again.
    const later = aStroke({ id: 'later' });
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: later });
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: later });
    await painted(3);
    socket.receive({ type: 'canvasUndo', canvasId: 1, strokeId: 'early' });
    await painted(2);
  });

  it("shows how many artists are in the room and the others' cursors with their names", async () => {
    const { socket } = renderPanel();
    await enterRoom();
    expect(screen.queryByTestId('artists-online')).not.toBeInTheDocument();
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson, leoPerson, anaPerson] });
    expect(screen.getByText('3 artists online')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Artists online' })).getAllByRole('listitem')).toHaveLength(3);

    socket.receive({ type: 'canvasCursor', canvasId: 1, user: { id: leoPerson.id, displayName: 'Leo Park' }, x: 0.25, y: 0.5 });
    const cursor = screen.getByTestId('collaborator-cursor');
    expect(cursor).toHaveTextContent('Leo Park');
    expect(cursor.style.left).toBe('25%');
    expect(cursor.style.top).toBe('50%');
    socket.receive({ type: 'canvasCursor', canvasId: 1, user: { id: leoPerson.id, displayName: 'Leo Park' }, x: 0.75, y: 0.1 });
    expect(screen.getAllByTestId('collaborator-cursor')).toHaveLength(1);
    expect(screen.getByTestId('collaborator-cursor').style.left).toBe('75%');

    // Leo leaves: his cursor goes with him.
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson, anaPerson] });
    expect(screen.getByText('2 artists online')).toBeInTheDocument();
    expect(screen.queryByTestId('collaborator-cursor')).not.toBeInTheDocument();
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson] });
    expect(screen.getByText('1 artist online')).toBeInTheDocument();
  });

  it('sends a gesture as one stroke in normalised coordinates, and your cursor as you move', async () => {
    const { socket } = renderPanel();
    const canvas = await enterRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Blue' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Brush size' }), { target: { value: '12' } });
    drawAcross(canvas);

    const stroke = socket.sent.find((frame) => frame.type === 'canvasStroke');
    // (60−10)/200 = 0.25, (70−20)/150 ≈ 0.3333; then (110−10)/200 = 0.5, (95−20)/150 = 0.5.
    expect(stroke).toEqual({
      type: 'canvasStroke',
      canvasId: 1,
      stroke: { id: expect.any(String), color: '#3b82f6', width: 12, points: [[0.25, 0.3333], [0.5, 0.5]] },
    });
    expect(socket.sent.find((frame) => frame.type === 'canvasCursor')).toEqual({ type: 'canvasCursor', canvasId: 1, x: 0.5, y: 0.5 });
    await painted(1);
  });

  it('undoes your own last stroke, not anyone else’s', async () => {
    const { socket } = renderPanel({
      'GET /api/canvases/1': () => json(aCanvasDetail({ strokes: [aStroke({ id: 'leos' })] })),
    });
    const canvas = await enterRoom();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeDisabled();

    drawAcross(canvas);
    const sent = socket.sent.find((frame) => frame.type === 'canvasStroke') as unknown as { stroke: { id: string } };
    await painted(2);
    await waitFor(() => expect(undo).toBeEnabled());
    fireEvent.click(undo);
    expect(socket.sent.at(-1)).toEqual({ type: 'canvasUndo', canvasId: 1, strokeId: sent.stroke.id });
    await painted(1);
    await waitFor(() => expect(undo).toBeDisabled());
  });

  it('lets the owner clear the canvas, and shows everyone a clear', async () => {
    const { socket } = renderPanel({
      'GET /api/canvases/1': () => json(aCanvasDetail({ strokes: [aStroke()] })),
    });
    await enterRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'canvasClear', canvasId: 1 });
    await painted(0);
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: aStroke({ id: 'new' }) });
    await painted(1);
    socket.receive({ type: 'canvasCleared', canvasId: 1 });
    await painted(0);
  });

  it('has no Clear or Invite in a room someone else owns', async () => {
    renderPanel({
      'GET /api/canvases': () => json([aCanvas({ owner: leoPerson, members: [mePerson] })]),
      'GET /api/canvases/1': () => json(aCanvasDetail({ owner: leoPerson, members: [mePerson], strokes: [aStroke()] })),
    });
    await enterRoom();
    expect(screen.getByText('by Leo Park')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal as a toast and takes the server's picture again", async () => {
    const { socket, calls } = renderPanel();
    const canvas = await enterRoom();
    drawAcross(canvas);
    socket.receive({ type: 'error', message: 'Too many strokes a second' });
    expect(await screen.findByText('Too many strokes a second')).toBeInTheDocument();
    await waitFor(() => expect(calls('GET /api/canvases/1')).toHaveLength(2));
    await painted(0);
  });

  it('shares the picture as a PNG post and links to it', async () => {
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
    const { calls } = renderPanel({
      'GET /api/canvases/1': () => json(aCanvasDetail({ strokes: [aStroke()] })),
      'POST /api/canvases/1/snapshot': () => json({ id: 42 }, { status: 201 }),
    });
    await enterRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Shared to your profile');
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(calls('POST /api/canvases/1/snapshot')[0].body).toEqual({ image: 'data:image/png;base64,iVBORw0KGgo=', caption: 'Sunset jam' });
    // Painted on white at 800×600.
    expect(ctx.fillRect).toHaveBeenCalledWith(0, 0, 800, 600);
    expect(screen.getByRole('link', { name: 'View your post' })).toHaveAttribute('href', '/p/42');
  });

  it('invites people the owner follows', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      'POST /api/canvases/1/members': () => json(aCanvas({ members: [anaPerson] })),
    });
    await enterRoom();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = screen.getByRole('dialog', { name: /Invite to/ });
    await user.type(within(dialog).getByLabelText('Search people you follow'), 'ana');
    await user.click(await within(dialog).findByRole('button', { name: /Ana Silva/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await screen.findByText('Invited Ana Silva');
    expect(calls('POST /api/canvases/1/members')[0].body).toEqual({ userIds: [anaPerson.id] });
  });

  it('joins again and refetches after the socket reconnects', async () => {
    const { socket, calls } = renderPanel();
    await enterRoom();
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson, leoPerson] });
    socket.drop();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    // The client retries after 800 ms (its jitter pinned to 0).
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 2000 });
    const next = openSocket();
    await waitFor(() => expect(calls('GET /api/canvases/1')).toHaveLength(2));
    expect(canvasFrames(next)).toEqual([{ type: 'canvasJoin', canvasId: 1 }]);
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });
});

/** Where each stroke painted since the last clear starts (x of its first point on the 400 px canvas). */
function paintedStarts(): number[] {
  const clears = ctx.clearRect.mock.invocationCallOrder;
  const since = clears.length ? clears[clears.length - 1] : 0;
  return ctx.moveTo.mock.calls
    .filter((_, i) => ctx.moveTo.mock.invocationCallOrder[i] > since)
    .map(([x]) => Math.round((x as number) / 4));
}

/** A stroke named `id` starting at x = `at` % of the width. */
const strokeAt = (id: string, at: number) => aStroke({ id, points: [[at / 100, 0.5], [at / 100, 0.6]] });

describe('a picture in pages (issue 39)', () => {
  it('draws the first page at once, then loads the next ones in order, merging what is relayed meanwhile', async () => {
    const second = deferred<Response>();
    const pages: Record<string, () => Response | Promise<Response>> = {
      first: () => json(aCanvasDetail({ strokes: [strokeAt('s1', 1), strokeAt('s2', 2)], nextCursor: 2 })),
      '2': () => second.promise,
      '4': () => json(aCanvasDetail({ strokes: [strokeAt('s5', 5)], nextCursor: null })),
    };
    const { socket, calls } = renderPanel({
      'GET /api/canvases/1': ({ url }) => pages[url.searchParams.get('after') ?? 'first'](),
    });
    await enterRoom();
    // The first page is drawn while the second is on its way.
    await painted(2);
    expect(screen.getByText(/Loading the rest of the picture/)).toBeInTheDocument();

    // Meanwhile: a new stroke, the undo of one in the second page, and one the third page has too.
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: strokeAt('live', 9) });
    socket.receive({ type: 'canvasUndo', canvasId: 1, strokeId: 's3' });
    socket.receive({ type: 'canvasStroke', canvasId: 1, userId: leoPerson.id, stroke: strokeAt('s5', 5) });
    await painted(4);
    await act(async () =>
      second.resolve(json(aCanvasDetail({ strokes: [strokeAt('s3', 3), strokeAt('s4', 4)], nextCursor: 4 }))),
    );

    // Every page in order, each stroke once, the undone one gone, the relayed one last.
    await waitFor(() => expect(paintedStarts()).toEqual([1, 2, 4, 5, 9]));
    const afters = calls('GET /api/canvases/1').map((call) => call.url.searchParams.get('after'));
    expect(afters).toEqual([null, '2', '4']);
    expect(calls('GET /api/canvases/1').every((call) => call.url.searchParams.get('limit') === '500')).toBe(true);
    await waitFor(() => expect(screen.queryByText(/Loading the rest of the picture/)).not.toBeInTheDocument());
  });

  it('stops loading pages when the room is cleared, and starts over from the first', async () => {
    const second = deferred<Response>();
    let firsts = 0;
    const { socket, calls } = renderPanel({
      'GET /api/canvases/1': ({ url }) => {
        if (url.searchParams.get('after') === '2') return second.promise;
        firsts += 1;
        return firsts === 1
          ? json(aCanvasDetail({ strokes: [strokeAt('s1', 1), strokeAt('s2', 2)], nextCursor: 2 }))
          : json(aCanvasDetail({ strokes: [], nextCursor: null }));
      },
    });
    await enterRoom();
    await painted(2);
    socket.receive({ type: 'canvasCleared', canvasId: 1 });
    await waitFor(() => expect(firsts).toBe(2));
    // The old second page arrives late: it is not drawn.
    await act(async () => second.resolve(json(aCanvasDetail({ strokes: [strokeAt('s3', 3)], nextCursor: null }))));
    await painted(0);
    expect(calls('GET /api/canvases/1')).toHaveLength(3);
  });

  it('leaves the room and says so when the server takes you out of it', async () => {
    const { socket } = renderPanel({
      'GET /api/canvases/1': () => json(aCanvasDetail({ strokes: [aStroke()] })),
    });
    await enterRoom();
    await painted(1);
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson, leoPerson] });
    socket.receive({ type: 'canvasLeft', canvasId: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are no longer in this canvas.');
    expect(screen.queryByLabelText('Collaboration canvas')).not.toBeInTheDocument();
    // The server has taken it out already: no leave is sent, and nothing more is drawn.
    expect(canvasFrames(socket).filter((frame) => frame.type === 'canvasLeave')).toEqual([]);
  });
});

