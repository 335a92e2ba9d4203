import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSocket, fakeTimersAndSocketEachTest, withRealtime } from '@/test/realtime';
import { useOtherTyping } from './use-typing';

fakeTimersAndSocketEachTest();

function Probe() {
  return <p>{useOtherTyping(10, 1) ? 'typing' : 'quiet'}</p>;
}

function renderProbe() {
  render(withRealtime(<Probe />));
  return openSocket();
}

describe('useOtherTyping', () => {
  it("clears itself 5 s after the last 'typing' when no 'stopTyping' comes", () => {
    const socket = renderProbe();
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    expect(screen.getByText('typing')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    // Another 'typing' restarts the wait.
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('typing')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('quiet')).toBeInTheDocument();
  });

  it("ignores the session user's own typing", () => {
    const socket = renderProbe();
    socket.receive({ type: 'typing', conversationId: 10, userId: 1 });
    expect(screen.getByText('quiet')).toBeInTheDocument();
  });
});
