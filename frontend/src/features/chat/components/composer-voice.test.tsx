import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aMessage, aMessageFromMe, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { fakeMediaEachTest, flush } from '@/test/media';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import type { Message } from '../types';
import { Composer } from './composer';

const currentMedia = fakeMediaEachTest();
beforeEach(() => FakeWebSocket.install());

function renderComposer(answer: () => Response = () => json(aMessageFromMe({ messageType: 'voice', duration: 3 }), { status: 201 })) {
  const server = serveChat({ 'POST /api/conversations/10/messages': answer });
  renderWithApp(withRealtime(<Composer conversationId={10} replyTo={null} onClearReply={() => {}} />), { user: me });
  openSocket();
  return server;
}

/** The composer with a reply target held as the chat pane holds it. */
function ReplyingComposer({ replyTo }: { replyTo: Message }) {
  const [target, setTarget] = useState<Message | null>(replyTo);
  return <Composer conversationId={10} replyTo={target} onClearReply={() => setTarget(null)} />;
}

const recordButton = () => screen.getByRole('button', { name: 'Record voice message' });

async function startRecording() {
  fireEvent.click(recordButton());
  await screen.findByRole('button', { name: 'Stop recording' });
}

/** Stops the recording: its preview waits, nothing is sent yet. */
async function stopToPreview() {
  fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByRole('region', { name: 'Voice message preview' });
}

describe('Composer voice recording', () => {
  it('records with a seconds counter, previews it on stop and sends it only on Send', async () => {
    const { calls } = renderComposer();
    await startRecording();
    expect(currentMedia().getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('0s');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('3s');

    await stopToPreview();
    expect(calls('POST /api/conversations/10/messages')).toHaveLength(0);
    const preview = screen.getByRole('region', { name: 'Voice message preview' });
    expect(preview).toHaveTextContent('0:03');
    expect(screen.getByRole('button', { name: 'Play voice message preview' })).toBeInTheDocument();
    expect(preview.querySelector('audio')).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    fireEvent.click(screen.getByRole('button', { name: 'Send voice message' }));
    expect(await screen.findByText('Voice message sent!')).toBeInTheDocument();
    expect(screen.getByText('Sent 3 second voice message')).toBeInTheDocument();
    const [post] = calls('POST /api/conversations/10/messages');
    expect(post.body).toEqual({
      content: '',
      messageType: 'voice',
      voiceUrl: `data:audio/webm;base64,${btoa('webm-bytes')}`,
      duration: 3,
    });
    // Its own key, so a retry of this send could not store the recording twice.
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(currentMedia().streams[0].tracks[0].stop).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Record voice message' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
  });

  it('sends nothing when the previewed recording is deleted', async () => {
    const { calls } = renderComposer();
    await startRecording();
    act(() => vi.advanceTimersByTime(2000));
    await stopToPreview();

    fireEvent.click(screen.getByRole('button', { name: 'Delete voice message' }));

    expect(screen.queryByRole('region', { name: 'Voice message preview' })).not.toBeInTheDocument();
    expect(recordButton()).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await flush();
    expect(calls('POST /api/conversations/10/messages')).toHaveLength(0);
  });

  it('sends the recording as a reply to the selected message and clears the reply', async () => {
    const { calls } = serveChat({
      'POST /api/conversations/10/messages': () => json(aMessageFromMe({ messageType: 'voice', duration: 2, replyToId: 7 }), { status: 201 }),
    });
    renderWithApp(withRealtime(<ReplyingComposer replyTo={aMessage({ id: 7, content: 'Send me a clip' })} />), { user: me });
    openSocket();
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Replying to Leo Park');
    await startRecording();
    act(() => vi.advanceTimersByTime(2000));
    await stopToPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Send voice message' }));
    expect(await screen.findByText('Sent 2 second voice message')).toBeInTheDocument();
    expect(calls('POST /api/conversations/10/messages')[0].body).toMatchObject({ messageType: 'voice', duration: 2, replyToId: 7 });
    expect(screen.queryByText(/Replying to/)).not.toBeInTheDocument();
  });

  it('stops by itself at 60 s into the preview', async () => {
    const { calls } = renderComposer(() => json(aMessageFromMe({ messageType: 'voice', duration: 60 }), { status: 201 }));
    await startRecording();
    act(() => vi.advanceTimersByTime(60_000));
    await screen.findByRole('region', { name: 'Voice message preview' });
    fireEvent.click(screen.getByRole('button', { name: 'Send voice message' }));
    expect(await screen.findByText('Sent 60 second voice message')).toBeInTheDocument();
    expect(calls('POST /api/conversations/10/messages')[0].body).toMatchObject({ duration: 60 });
  });

  it("says 'Recording Error' when the microphone is refused, and stays ready", async () => {
    currentMedia().refuse();
    renderComposer();
    fireEvent.click(recordButton());
    expect(await screen.findByText('Recording Error')).toBeInTheDocument();
    expect(screen.getByText('Could not access microphone. Please check permissions.')).toBeInTheDocument();
    expect(recordButton()).toBeEnabled();
  });

  it("says 'Failed to send' when the voice message is refused", async () => {
    renderComposer(() => new Response('{"message":"Audio must be WebM, Ogg, MP4, MP3 or WAV"}', { status: 415 }));
    await startRecording();
    act(() => vi.advanceTimersByTime(2000));
    await stopToPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Send voice message' }));
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(screen.getByText('Could not send voice message. Please try again.')).toBeInTheDocument();
    // The recording waits for another try.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send voice message' })).toBeEnabled());
  });

  it('does not send text while recording', async () => {
    renderComposer();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await startRecording();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await flush();
  });
});
