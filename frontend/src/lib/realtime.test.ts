import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { RealtimeClient, reconnectDelay, socketUrl } from './realtime';

const clients: RealtimeClient[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});
afterEach(() => {
  clients.splice(0).forEach((client) => client.stop());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startClient(random = () => 0.5) {
  const client = new RealtimeClient({ url: 'ws://app.test/ws', random });
  client.start();
  clients.push(client);
  return client;
}

describe('reconnectDelay', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('spreads each wait by at most 20 % and never goes past 30 s', () => {
    expect(reconnectDelay(0, 0)).toBe(800);
    expect(reconnectDelay(0, 0.999)).toBe(1200);
    expect(reconnectDelay(3, 0)).toBe(6400);
    expect(reconnectDelay(8, 0)).toBe(24000);
    expect(reconnectDelay(8, 0.999)).toBe(30000);
  });
});

describe('socketUrl', () => {
  it('uses wss on an https page and ws otherwise, on the page host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'atelier.example' })).toBe('wss://atelier.example/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5173' })).toBe('ws://127.0.0.1:5173/ws');
  });
});

describe('RealtimeClient', () => {
  it("announces the user with 'userOnline' once open, then pings every 25 s", () => {
    startClient();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://app.test/ws');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sentTypes()).toEqual(['userOnline']);
    vi.advanceTimersByTime(24_999);
    expect(socket.sentTypes()).toEqual(['userOnline']);
    vi.advanceTimersByTime(1);
    expect(socket.sentTypes()).toEqual(['userOnline', 'ping']);
    vi.advanceTimersByTime(25_000);
    expect(socket.sentTypes()).toEqual(['userOnline', 'ping', 'ping']);
  });

  it('passes parsed events to subscribers and skips malformed frames', () => {
    const client = startClient();
    const events: unknown[] = [];
    client.subscribe((event) => events.push(event));
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.receive({ type: 'presence', userId: 2, isOnline: true, lastSeen: null });
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket.onmessage?.(new MessageEvent('message', { data: '{"no":"type"}' }));
    expect(events).toEqual([{ type: 'presence', userId: 2, isOnline: true, lastSeen: null }]);
  });

  it('does not send while the socket is not open', () => {
    const client = startClient();
    expect(client.send({ type: 'typing', conversationId: 1 })).toBe(false);
    expect(FakeWebSocket.latest().sent).toEqual([]);
  });

  it('reconnects after a drop on the backoff schedule and reports the reconnect', () => {
    const client = startClient();
    const connects: boolean[] = [];
    client.onConnect((reconnected) => connects.push(reconnected));
    FakeWebSocket.latest().open();
    expect(connects).toEqual([false]);

    FakeWebSocket.latest().drop();
    expect(client.status).toBe('waiting');
    // Each attempt fails in turn: the waits are 1, 2, 4, 8, 16, 30, 30 s.
    const waits: number[] = [];
    for (const expected of [1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(expected - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      waits.push(expected);
      if (waits.length < 7) FakeWebSocket.latest().drop();
    }
    FakeWebSocket.latest().open();
    expect(client.status).toBe('open');
    expect(connects).toEqual([false, true]);
    expect(FakeWebSocket.latest().sentTypes()).toEqual(['userOnline']);

    // A success resets the schedule: the next drop waits 1 s again.
    FakeWebSocket.latest().drop();
    const before = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
  });

  it('stops pinging after a drop and for good after stop()', () => {
    const client = startClient();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.drop();
    vi.advanceTimersByTime(25_000);
    expect(socket.sentTypes()).toEqual(['userOnline']);
    client.stop();
    const count = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(count);
    expect(client.status).toBe('stopped');
  });

  it('retries at once when the browser comes back online', () => {
    startClient();
    FakeWebSocket.latest().drop();
    const count = FakeWebSocket.instances.length;
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });
});
