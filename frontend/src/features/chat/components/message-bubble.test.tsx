import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMessage } from '@/test/chat';
import { messagePreview } from '../conversation';
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

describe('MessageBubble voice and call lines', () => {
  it("shows a voice message as 'Voice message (Ns)' with a player of its audio", () => {
    render(
      <ol>
        <MessageBubble
          message={aMessage({ messageType: 'voice', content: '', voiceUrl: '/media/voice-1.webm', duration: 7 })}
          mine={false}
          onReact={() => {}}
        />
      </ol>,
    );
    expect(screen.getByText('Voice message (7s)')).toBeInTheDocument();
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/voice-1.webm');
  });

  it('offers no Copy on a voice message, even when given one', () => {
    render(
      <ol>
        <MessageBubble
          message={aMessage({ messageType: 'voice', content: '', voiceUrl: '/media/voice-1.webm', duration: 7 })}
          mine={false}
          onReact={() => {}}
          onReply={() => {}}
          onCopy={() => {}}
        />
        <MessageBubble message={aMessage({ content: 'Copy me' })} mine={false} onReact={() => {}} onCopy={() => {}} />
      </ol>,
    );
    const [voice, text] = screen.getAllByRole('listitem');
    expect(within(voice).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(within(voice).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it.each([
    [{ callOutcome: 'completed' as const, duration: 192 }, 'Voice call · 3:12'],
    [{ callOutcome: 'missed' as const, duration: null }, 'Missed voice call'],
    [{ callOutcome: 'declined' as const, duration: null }, 'Declined voice call'],
  ])('shows a call line (%o) as %s, centred and without actions', (fields, text) => {
    render(
      <ol>
        <MessageBubble message={aMessage({ messageType: 'call', content: '', ...fields })} mine onReact={() => {}} />
      </ol>,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveAttribute('data-call-line');
  });
});

describe('messagePreview', () => {
  it("says 'Voice message' for a voice message and a call line's text for a call", () => {
    expect(messagePreview(aMessage({ messageType: 'voice', content: '' }))).toBe('Voice message');
    expect(messagePreview(aMessage({ messageType: 'call', content: '', callOutcome: 'completed', duration: 65 }))).toBe(
      'Voice call · 1:05',
    );
    expect(messagePreview(aMessage({ messageType: 'call', content: '', callOutcome: 'missed' }))).toBe('Missed voice call');
    expect(messagePreview(aMessage({ content: 'Hi' }))).toBe('Hi');
  });
});

describe('MessageBubble report', () => {
  it("offers 'Report message' among someone else's message's actions, never on your own", () => {
    const onReport = vi.fn();
    render(
      <ol>
        <MessageBubble message={aMessage({ id: 40, content: 'theirs' })} mine={false} onReact={() => {}} onReport={onReport} />
        <MessageBubble message={aMessage({ id: 41, content: 'mine' })} mine onReact={() => {}} onReport={onReport} />
      </ol>,
    );
    const [theirs, mine] = screen.getAllByRole('listitem');
    expect(within(mine).queryByRole('button', { name: 'Report message' })).not.toBeInTheDocument();
    fireEvent.click(within(theirs).getByRole('button', { name: 'Report message' }));
    expect(onReport).toHaveBeenCalledTimes(1);
  });
});
