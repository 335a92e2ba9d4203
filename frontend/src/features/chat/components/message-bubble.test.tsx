import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMessage } from '@/test/chat';
import { MessageBubble } from './message-bubble';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function renderBubble(onActivate = vi.fn()) {
  render(
    <ol>
      <MessageBubble message={aMessage({ content: 'Hold me' })} mine={false} onActivate={onActivate} onReact={() => {}} />
    </ol>,
  );
  return { onActivate, bubble: screen.getByText('Hold me').parentElement as HTMLElement };
}

describe('MessageBubble long press', () => {
  it('opens the actions after a 500 ms touch', () => {
    const { onActivate, bubble } = renderBubble();
    fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(499));
    expect(onActivate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onActivate).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a short tap, a moving finger or a mouse', () => {
    const { onActivate, bubble } = renderBubble();
    fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerUp(bubble, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));

    fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerMove(bubble, { pointerType: 'touch', clientX: 5, clientY: 40 });
    act(() => vi.advanceTimersByTime(600));

    fireEvent.pointerDown(bubble, { pointerType: 'mouse', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(600));
    expect(onActivate).not.toHaveBeenCalled();
  });
});
