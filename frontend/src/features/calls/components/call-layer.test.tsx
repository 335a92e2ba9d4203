import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { fakeMediaEachTest, FakePeerConnection, flush } from '@/test/media';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import type { RenderLeaveVoicemail } from './call-layer';
import { CallButton } from './call-button';
import { CallProvider } from './call-provider';

const leo = { id: 2, displayName: 'Leo Park', profileImageUrl: null };
const offer = { type: 'offer', sdp: 'remote-offer' };

function renderCalls(path = '/chat/10') {
  const media = currentMedia();
  const server = serveChat({ 'GET /api/rtc/config': () => json({ iceServers: [] }) });
  const renderLeaveVoicemail = vi.fn<RenderLeaveVoicemail>(({ recipient, onDone }) => (
    <button type="button" onClick={onDone}>
      Recorder for {recipient.displayName}
    </button>
  ));
  const result = renderWithApp(
    withRealtime(
      <CallProvider renderLeaveVoicemail={renderLeaveVoicemail}>
        <Switch>
          <Route path="/chat/:id">{(params) => <CallButton conversationId={Number(params.id)} peer={leo} />}</Route>
          <Route>Elsewhere</Route>
        </Switch>
      </CallProvider>,
    ),
    { path, user: me },
  );
  const socket = openSocket();
  const frames = () => socket.sent.filter((frame) => frame.type !== 'userOnline' && frame.type !== 'ping');
  return { ...result, socket, media, server, frames, renderLeaveVoicemail };
}

const dialog = () => screen.findByRole('dialog');

async function ringFromLeo(socket: FakeWebSocket, fromUser: unknown = leo) {
  socket.receive({ type: 'incomingCall', fromUserId: 2, fromUser, conversationId: 10, offer });
  return dialog();
}

/** Places a call from the header button and lets the offer go out. */
async function placeCall() {
  fireEvent.click(screen.getByRole('button', { name: 'Voice call' }));
  await screen.findByText('Calling...', { selector: 'p' });
  await flush(10);
}

const currentMedia = fakeMediaEachTest();
beforeEach(() => FakeWebSocket.install());

describe('the incoming call overlay', () => {
  it("shows the caller and 'Incoming voice call'; Accept connects, then the timer runs; mute, speaker and end work", async () => {
    const { socket, frames, media } = renderCalls('/');
    const sheet = await ringFromLeo(socket);
    expect(within(sheet).getByRole('heading', { name: 'Leo Park' })).toBeInTheDocument();
    expect(within(sheet).getByText('Incoming voice call')).toBeInTheDocument();

    fireEvent.click(within(sheet).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    await waitFor(() => expect(frames().map((f) => f.type)).toEqual(['acceptCall']));
    expect(frames()[0]).toEqual({ type: 'acceptCall', toUserId: 2, answer: { type: 'answer', sdp: 'answer-sdp' } });

    const pc = FakePeerConnection.latest();
    expect(pc.configuration).toEqual({ iceServers: [] });
    pc.setConnectionState('connected');
    expect(await screen.findByText('Call connected')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Call duration' })).toHaveTextContent('00:00');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('timer', { name: 'Call duration' })).toHaveTextContent('00:05');

    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(media.streams[0].tracks[0].enabled).toBe(false);
    // Muted, the button says what a press does next.
    const unmute = screen.getByRole('button', { name: 'Unmute' });
    expect(unmute).toHaveTextContent('');
    expect(screen.getByText('Unmute')).toBeInTheDocument();
    fireEvent.click(unmute);
    expect(media.streams[0].tracks[0].enabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    const speaker = screen.getByRole('button', { name: 'Speaker' });
    expect(speaker).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(speaker);
    expect(speaker).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('call-audio')).toHaveProperty('volume', 0.3);

    fireEvent.click(screen.getByRole('button', { name: 'End call' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Call ended')).toBeInTheDocument();
    expect(screen.getByText('Duration 00:05')).toBeInTheDocument();
    expect(frames().at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
  });

  it("names an unknown caller 'Unknown User'; Reject turns the call down", async () => {
    const { socket, frames } = renderCalls('/');
    const sheet = await ringFromLeo(socket, null);
    expect(within(sheet).getByRole('heading', { name: 'Unknown User' })).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(frames()).toEqual([{ type: 'rejectCall', toUserId: 2 }]);
  });

  it('goes away when the caller hangs up', async () => {
    const { socket } = renderCalls('/');
    await ringFromLeo(socket);
    socket.receive({ type: 'callEnded', fromUserId: 2 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('notifications', () => {
  it("asks for permission on load when undecided and says 'Notifications Enabled' on a yes", async () => {
    const requestPermission = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    renderCalls('/');
    expect(await screen.findByText('Notifications Enabled')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});

describe('the outgoing call overlay', () => {
  it("shows 'Calling...' with Cancel; cancelling says 'Call cancelled'", async () => {
    const { frames } = renderCalls();
    await placeCall();
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getByRole('heading', { name: 'Leo Park' })).toBeInTheDocument();
    expect(frames()).toEqual([{ type: 'initiateCall', toUserId: 2, conversationId: 10, offer: { type: 'offer', sdp: 'offer-sdp' } }]);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Call cancelled')).toBeInTheDocument();
    expect(frames().at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
  });

  it("after 'Call Declined' offers 'Leave a voicemail' to the person called", async () => {
    const { socket, renderLeaveVoicemail } = renderCalls();
    await placeCall();
    socket.receive({ type: 'callRejected', fromUserId: 2, reason: 'declined' });
    expect(await screen.findByText('The call was declined by the other user.')).toBeInTheDocument();
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getByText('Call declined')).toBeInTheDocument();

    fireEvent.click(within(sheet).getByRole('button', { name: 'Leave a voicemail' }));
    expect(renderLeaveVoicemail).toHaveBeenCalledWith(expect.objectContaining({ recipient: leo }));
    fireEvent.click(screen.getByRole('button', { name: 'Recorder for Leo Park' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("after 30 s without an answer says 'Call Timeout' and can be closed", async () => {
    const { frames } = renderCalls();
    await placeCall();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('No answer. Call cancelled.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText('No answer')).toBeInTheDocument();
    expect(frames().at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is torn down by opening another conversation, but not by other screens', async () => {
    const { location, frames } = renderCalls();
    await placeCall();
    act(() => location.navigate('/voicemail'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => location.navigate('/chat/10'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => location.navigate('/chat/11'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(frames().at(-1)).toEqual({ type: 'endCall', toUserId: 2 });
  });

  it("says 'Connection Error' when the socket is not open", async () => {
    renderCalls();
    FakeWebSocket.latest().drop();
    fireEvent.click(screen.getByRole('button', { name: 'Voice call' }));
    expect(await screen.findByText('Unable to place call. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
