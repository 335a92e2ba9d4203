import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS, useClockTick } from './use-clock-tick';

function Seconds({ label, since }: { label: string; since: number }) {
  useClockTick();
  // The hook is for labels that read the clock while rendering, as this one does on purpose.
  // eslint-disable-next-line react-hooks/purity -- reading the time during render is the point
  return <p aria-label={label}>{Math.floor((Date.now() - since) / 1000)}</p>;
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('useClockTick', () => {
  it('renders every user again each tick, on one timer that stops when the last unmounts', () => {
    const since = Date.now();
    const { unmount } = render(
      <>
        <Seconds label="a" since={since} />
        <Seconds label="b" since={since} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS - 1));
    expect(screen.getByLabelText('a')).toHaveTextContent('0');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByLabelText('a')).toHaveTextContent('30');
    expect(screen.getByLabelText('b')).toHaveTextContent('30');
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(screen.getByLabelText('b')).toHaveTextContent('60');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
