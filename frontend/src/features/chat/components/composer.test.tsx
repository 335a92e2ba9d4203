import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, fakeTimersAndSocketEachTest, withRealtime } from '@/test/realtime';
import { json, me, renderWithApp } from '@/test/render';
import { Composer } from './composer';

fakeTimersAndSocketEachTest();

function renderComposer() {
  renderWithApp(withRealtime(<Composer conversationId={10} replyTo={null} onClearReply={() => {}} />), { user: me });
  const socket = openSocket();
  const box = screen.getByRole('textbox', { name: 'Message' });
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  return { socket, box, type };
}

const chatFrames = (socket: FakeWebSocket) => socket.sent.filter((frame) => frame.type !== 'userOnline' && frame.type !== 'ping');

describe('Composer typing signal', () => {
  it("sends 'typing' once when typing starts and 'stopTyping' after 1 s without input", () => {
    const { socket, type } = renderComposer();
    type('H');
    act(() => vi.advanceTimersByTime(600));
    type('He');
    act(() => vi.advanceTimersByTime(600));
    type('Hey');
    expect(chatFrames(socket)).toEqual([{ type: 'typing', conversationId: 10 }]);

    act(() => vi.advanceTimersByTime(999));
    expect(chatFrames(socket)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(chatFrames(socket)).toEqual([
      { type: 'typing', conversationId: 10 },
      { type: 'stopTyping', conversationId: 10 },
    ]);

    // Typing again starts a new round.
    type('Hey!');
    expect(chatFrames(socket).map((f) => f.type)).toEqual(['typing', 'stopTyping', 'typing']);
  });

  it("sends 'stopTyping' at once when the message is sent", () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({})));
    const { socket, type, box } = renderComposer();
    type('Hello');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(chatFrames(socket).map((f) => f.type)).toEqual(['typing', 'stopTyping']);
    act(() => vi.advanceTimersByTime(2000));
    expect(chatFrames(socket)).toHaveLength(2);
  });
});

describe('Composer limits', () => {
  it('caps a message at 4000 characters and shows a counter near the cap', () => {
    const { box, type } = renderComposer();
    expect(box).toHaveAttribute('maxLength', '4000');
    type('a'.repeat(3599));
    expect(screen.queryByText(/\/4000$/)).not.toBeInTheDocument();
    type('a'.repeat(3600));
    expect(screen.getByText('3600/4000')).toBeInTheDocument();
  });

  it('stays between 40 and 120 px high', () => {
    const { box } = renderComposer();
    expect(box.style.height).toBe('40px');
    expect(box.style.maxHeight).toBe('120px');
  });
});
