import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMessage } from '@/test/chat';
import { messagePreview } from '../conversation';
import { MessageBubble } from './message-bubble';

// The picker itself is emoji-picker-react's; a stand-in offers one emoji to pick.
vi.mock('./emoji-picker', () => ({
  default: ({ onPick }: { onPick: (emoji: string) => void }) => (
    <button type="button" onClick={() => onPick('🦀')}>
      Pick 🦀
    </button>
  ),
}));

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

describe('MessageBubble unsend, edit and any emoji (issue 43)', () => {
  it("shows an unsent message as 'Message removed', without its words, reactions or actions", () => {
    render(
      <ol>
        <MessageBubble
          message={aMessage({ content: '', unsent: true, reactions: [{ emoji: '❤️', count: 1, reactedByMe: false }] })}
          mine={false}
          onReact={() => {}}
          onReport={() => {}}
        />
      </ol>,
    );
    expect(screen.getByText('Message removed')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reactions' })).not.toBeInTheDocument();
  });

  it("marks an edited message 'edited'", () => {
    render(
      <ol>
        <MessageBubble message={aMessage({ content: 'see you at 9', editedAt: new Date().toISOString() })} mine={false} />
      </ol>,
    );
    expect(screen.getByText('see you at 9')).toBeInTheDocument();
    expect(screen.getByText('edited')).toBeInTheDocument();
  });

  it('offers Edit and Unsend on your own message only', () => {
    const onEdit = vi.fn();
    const onUnsend = vi.fn();
    render(
      <ol>
        <MessageBubble message={aMessage({ content: 'mine' })} mine onReact={() => {}} onEdit={onEdit} onUnsend={onUnsend} />
        <MessageBubble message={aMessage({ content: 'theirs' })} mine={false} onReact={() => {}} onEdit={onEdit} onUnsend={onUnsend} />
      </ol>,
    );
    const [mine, theirs] = screen.getAllByRole('listitem');
    fireEvent.click(within(mine).getByRole('button', { name: 'Edit message' }));
    fireEvent.click(within(mine).getByRole('button', { name: 'Unsend message' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onUnsend).toHaveBeenCalledTimes(1);
    expect(within(theirs).queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Unsend message' })).not.toBeInTheDocument();
  });

  it("keeps heart and thumbs up, and '+' reacts with any emoji from the picker", async () => {
    vi.useRealTimers();
    const onReact = vi.fn();
    render(
      <ol>
        <MessageBubble message={aMessage({ content: 'react' })} mine={false} onReact={onReact} />
      </ol>,
    );
    expect(screen.getByRole('button', { name: 'React with heart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'React with thumbs up' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'More reactions' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a reaction' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pick 🦀' }));
    expect(onReact).toHaveBeenCalledWith('🦀');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
