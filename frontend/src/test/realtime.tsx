//! Realtime in component tests: the provider with a client on the fake WebSocket, and the
//! per-file setup of fake timers with that socket.
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { RealtimeClient } from '@/lib/realtime';
import { RealtimeProvider } from '@/lib/realtime-provider';
import { FakeWebSocket } from './fake-websocket';

/** `ui` inside a RealtimeProvider whose socket is a FakeWebSocket (install() it first). */
export function withRealtime(ui: ReactElement): ReactElement {
  // The jitter source pinned to 0: the first reconnect comes after 800 ms.
  return (
    <RealtimeProvider createClient={() => new RealtimeClient({ url: 'ws://app.test/ws', random: () => 0 })}>{ui}</RealtimeProvider>
  );
}

/** The newest fake socket, opened by the server. */
export function openSocket(): FakeWebSocket {
  const socket = FakeWebSocket.latest();
  socket.open();
  return socket;
}

/** For a test file: fake timers and the fake WebSocket in each test, real ones after it. */
export function fakeTimersAndSocketEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.install();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
