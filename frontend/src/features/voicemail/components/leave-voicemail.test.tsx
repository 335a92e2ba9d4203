import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, serveChat } from '@/test/chat';
import { fakeMediaEachTest } from '@/test/media';
import { renderWithApp } from '@/test/render';
import { aVoicemail } from '@/test/voicemail';
import { LeaveVoicemail } from './voicemail-recorder';

const currentMedia = fakeMediaEachTest();

const leo = { id: 2, displayName: 'Leo Park' };

describe('LeaveVoicemail (after an unanswered call)', () => {
  it('records at once for the person called and sends it to them', async () => {
    const { calls } = serveChat({ 'POST /api/voicemails': () => json(aVoicemail(), { status: 201 }) });
    const onDone = vi.fn();
    renderWithApp(<LeaveVoicemail recipient={leo} onDone={onDone} />);
    expect(screen.getByText('Voicemail for Leo Park')).toBeInTheDocument();
    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('0:06');
    fireEvent.click(stop);

    fireEvent.click(await screen.findByRole('button', { name: 'Send Voicemail' }));
    expect(await screen.findByText('Sent to Leo Park')).toBeInTheDocument();
    expect(calls('POST /api/voicemails')[0].body).toMatchObject({ toUserId: 2, duration: 6 });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('gives up on Cancel and lets go of the microphone', async () => {
    const onDone = vi.fn();
    renderWithApp(<LeaveVoicemail recipient={leo} onDone={onDone} />);
    await screen.findByRole('button', { name: 'Stop recording' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(currentMedia().streams.at(-1)?.tracks[0].stop).toHaveBeenCalled();
  });
});
