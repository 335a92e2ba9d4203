import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSocket, fakeTimersAndSocketEachTest, withRealtime } from '@/test/realtime';
import { useOthersTyping } from './use-typing';

fakeTimersAndSocketEachTest();

function Probe() {
  const typing = useOthersTyping(10, 1);
  return <p>{typing.length > 0 ? `typing ${typing.join(',')}` : 'quiet'}</p>;
}

function renderProbe() {
  render(withRealtime(<Probe />));
  return openSocket();
}

describe('useOthersTyping', () => {
  it("clears itself 5 s after the last 'typing' when no 'stopTyping' comes", () => {
    const socket = renderProbe();
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    expect(screen.getByText('typing 2')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    // Another 'typing' restarts the wait.
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('typing 2')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('quiet')).toBeInTheDocument();
  });

  it("ignores the session user's own typing", () => {
    const socket = renderProbe();
    socket.receive({ type: 'typing', conversationId: 10, userId: 1 });
    expect(screen.getByText('quiet')).toBeInTheDocument();
  });

  it('follows each member of a group apart: one stopping leaves the other typing', () => {
    const socket = renderProbe();
    socket.receive({ type: 'typing', conversationId: 20, userId: 2 });
    expect(screen.getByText('quiet')).toBeInTheDocument();
    socket.receive({ type: 'typing', conversationId: 10, userId: 2 });
    socket.receive({ type: 'typing', conversationId: 10, userId: 3 });
    expect(screen.getByText('typing 2,3')).toBeInTheDocument();
    socket.receive({ type: 'stopTyping', conversationId: 10, userId: 2 });
    expect(screen.getByText('typing 3')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('quiet')).toBeInTheDocument();
  });
});
