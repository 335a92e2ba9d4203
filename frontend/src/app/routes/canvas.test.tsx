import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { aCanvasDetail, aStroke, fakeContext, leoPerson, mePerson, stubCanvasContext } from '@/test/canvas';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import CanvasPage from './canvas';

let restoreContext: () => void;
beforeEach(() => {
  FakeWebSocket.install();
  restoreContext = stubCanvasContext(fakeContext());
});
afterEach(() => {
  restoreContext();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(routes: Parameters<typeof serveApi>[0], path = '/canvas/1') {
  const api = serveApi(routes);
  const app = renderWithApp(withRealtime(<Route path="/canvas/:id" component={CanvasPage} />), { path, user: me });
  return { ...app, ...api, socket: openSocket() };
}

describe('the full-screen canvas page', () => {
  it('joins the room and shows it large, with its title and owner', async () => {
    const { socket } = renderPage({
      'GET /api/canvases/1': () => json(aCanvasDetail({ owner: leoPerson, members: [mePerson], visibility: 'invite', strokes: [aStroke()] })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset jam' })).toBeInTheDocument();
    expect(screen.getByText(/by Leo Park · Invite only/)).toBeInTheDocument();
    const canvas = screen.getByLabelText('Collaboration canvas') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    // Touch draws instead of scrolling.
    expect(canvas).toHaveClass('touch-none');
    expect(socket.sent.filter((f) => f.type === 'canvasJoin')).toEqual([{ type: 'canvasJoin', canvasId: 1 }]);
    socket.receive({ type: 'canvasPresence', canvasId: 1, users: [mePerson, leoPerson] });
    expect(screen.getByText('2 artists online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('says so when the canvas is not one you may join', async () => {
    renderPage({ 'GET /api/canvases/5': () => apiError(404, 'Canvas not found', 'not_found') }, '/canvas/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('This canvas does not exist, or you are not invited to it.');
  });

  it('leaves the room when the page closes', async () => {
    const { socket, location } = renderPage({ 'GET /api/canvases/1': () => json(aCanvasDetail()) });
    await screen.findByLabelText('Collaboration canvas');
    act(() => location.navigate('/'));
    await waitFor(() => expect(socket.sent.at(-1)).toEqual({ type: 'canvasLeave', canvasId: 1 }));
  });
});
