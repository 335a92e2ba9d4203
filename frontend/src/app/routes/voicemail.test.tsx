import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { VoicemailSync } from '@/features/voicemail/components/voicemail-sync';
import { aChatUser, aConversation, json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { fakeMediaEachTest } from '@/test/media';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import { aVoicemail } from '@/test/voicemail';
import VoicemailPage from './voicemail';

const leo = aChatUser();
const ana = aChatUser({ id: 3, username: 'ana', displayName: 'Ana Silva' });

const currentMedia = fakeMediaEachTest();
let play: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => Promise<void>>>;

beforeEach(() => {
  FakeWebSocket.install();
  play = vi.fn<(this: HTMLMediaElement) => Promise<void>>(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});

type Routes = Parameters<typeof serveChat>[0];

function renderVoicemail(routes: Routes = {}) {
  const server = serveChat({
    'GET /api/voicemails': () => json([]),
    'GET /api/voicemails/unread': () => json({ count: 0 }),
    'GET /api/conversations': () => json([aConversation({ id: 10, other: leo }), aConversation({ id: 11, other: ana })]),
    ...routes,
  });
  const result = renderWithApp(
    withRealtime(
      <>
        <VoicemailSync />
        <Switch>
          <Route path="/voicemail" component={VoicemailPage} />
          <Route path="/">Home</Route>
        </Switch>
      </>,
    ),
    { path: '/voicemail', user: me },
  );
  return { ...result, ...server, socket: openSocket() };
}

const card = (name: string) => screen.getByRole('article', { name: `Voicemail from ${name}` });

describe('the voicemail list', () => {
  it("shows 'Voicemails' with '{n} new' and a card per voicemail", async () => {
    renderVoicemail({
      'GET /api/voicemails/unread': () => json({ count: 1 }),
      'GET /api/voicemails': () =>
        json([
          aVoicemail({ id: 5, duration: 7, transcript: 'Call me back about the mural' }),
          aVoicemail({
            id: 4,
            fromUser: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: '/media/ana.jpg' },
            duration: 75,
            isListened: true,
            createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
          }),
        ]),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Voicemails' })).toBeInTheDocument();
    expect(await screen.findByText('1 new')).toBeInTheDocument();

    const fromLeo = await screen.findByRole('article', { name: 'Voicemail from Leo Park' });
    expect(fromLeo).toHaveTextContent('3h');
    expect(fromLeo).toHaveTextContent('0:07');
    expect(within(fromLeo).getByText('New')).toBeInTheDocument();
    expect(within(fromLeo).getByText('Call me back about the mural')).toBeInTheDocument();
    expect(within(fromLeo).getByRole('button', { name: 'Play voicemail from Leo Park' })).toBeInTheDocument();
    expect(fromLeo.querySelector('audio')).toHaveAttribute('src', '/media/voicemail-1.webm');

    const fromAna = card('Ana Silva');
    expect(fromAna).toHaveTextContent('2d');
    expect(fromAna).toHaveTextContent('1:15');
    expect(within(fromAna).queryByText('New')).not.toBeInTheDocument();
    expect(within(fromAna).getByRole('img', { name: 'Ana Silva' })).toHaveAttribute('src', '/media/ana.jpg');
  });

  it("says 'No voicemails yet' and shows no badge when there are none", async () => {
    renderVoicemail();
    expect(await screen.findByText('No voicemails yet')).toBeInTheDocument();
    expect(screen.queryByText(/new$/)).not.toBeInTheDocument();
  });

  it('marks a voicemail listened when played, then refetches the list and the count', async () => {
    let listened = false;
    const { calls } = renderVoicemail({
      'GET /api/voicemails/unread': () => json({ count: listened ? 0 : 1 }),
      'GET /api/voicemails': () => json([aVoicemail({ id: 5, isListened: listened })]),
      'PATCH /api/voicemails/5/listen': () => {
        listened = true;
        return json(aVoicemail({ id: 5, isListened: true }));
      },
    });
    await screen.findByText('1 new');
    fireEvent.click(screen.getByRole('button', { name: 'Play voicemail from Leo Park' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Pause voicemail from Leo Park' })).toBeInTheDocument();
    await waitFor(() => expect(within(card('Leo Park')).queryByText('New')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('1 new')).not.toBeInTheDocument());
    expect(calls('PATCH /api/voicemails/5/listen')).toHaveLength(1);
    expect(calls('GET /api/voicemails')).toHaveLength(2);
    expect(calls('GET /api/voicemails/unread')).toHaveLength(2);

    // Pausing and playing again (here with the player's own control) does not mark it twice.
    fireEvent.click(screen.getByRole('button', { name: 'Pause voicemail from Leo Park' }));
    fireEvent(card('Leo Park').querySelector('audio')!, new Event('play'));
    await act(() => Promise.resolve());
    expect(calls('PATCH /api/voicemails/5/listen')).toHaveLength(1);
  });

  it("marks it listened from the player's own play too; says so when that fails", async () => {
    const { calls } = renderVoicemail({
      'GET /api/voicemails': () => json([aVoicemail({ id: 5 })]),
      'PATCH /api/voicemails/5/listen': () => new Response('boom', { status: 500 }),
    });
    await screen.findByRole('article', { name: 'Voicemail from Leo Park' });
    fireEvent(card('Leo Park').querySelector('audio')!, new Event('play'));
    expect(await screen.findByText('Failed to mark voicemail as listened')).toBeInTheDocument();
    expect(calls('PATCH /api/voicemails/5/listen')).toHaveLength(1);
  });

  it("says 'Playback Error' when the audio cannot be played", async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    renderVoicemail({ 'GET /api/voicemails': () => json([aVoicemail({ id: 5 })]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Play voicemail from Leo Park' }));
    expect(await screen.findByText('Playback Error')).toBeInTheDocument();
    expect(screen.getByText('Could not play this voicemail.')).toBeInTheDocument();
  });

  it('refetches the list and the count on a voicemail event', async () => {
    let count = 0;
    const { socket, calls } = renderVoicemail({
      'GET /api/voicemails/unread': () => json({ count }),
      'GET /api/voicemails': () => json(count ? [aVoicemail({ id: 9 })] : []),
    });
    await screen.findByText('No voicemails yet');
    count = 1;
    socket.receive({ type: 'voicemail', voicemail: aVoicemail({ id: 9 }) });
    expect(await screen.findByText('1 new')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Voicemail from Leo Park' })).toBeInTheDocument();
    expect(screen.getByText('From Leo Park')).toBeInTheDocument();
    expect(calls('GET /api/voicemails')).toHaveLength(2);
  });

  it("on a 401 says 'Session Expired', then after 1 s goes to /", async () => {
    const { location } = renderVoicemail({ 'GET /api/voicemails': () => new Response('Unauthorized', { status: 401 }) });
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please log in again to continue.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(location.history?.at(-1)).toBe('/');
  });
});

describe('what a voicemail says (issue 47)', () => {
  it("says 'Transcribing…' under the player while the server transcribes it, then what it says when the transcript event comes", async () => {
    const { socket, calls } = renderVoicemail({
      'GET /api/voicemails': () => json([aVoicemail({ id: 5, transcribing: true }), aVoicemail({ id: 6, transcribing: true })]),
    });
    const cards = await screen.findAllByRole('article', { name: 'Voicemail from Leo Park' });
    const transcribing = within(cards[0]).getByText('Transcribing…');
    expect(transcribing.closest('[aria-live="polite"]')).not.toBeNull();

    socket.receive({ type: 'transcript', kind: 'voicemail', id: 5, conversationId: null, transcript: 'Call me back about the mural' });
    expect(await within(cards[0]).findByText('Call me back about the mural')).toBeInTheDocument();
    expect(within(cards[0]).queryByText('Transcribing…')).not.toBeInTheDocument();
    // The other voicemail is still being transcribed; nothing was fetched again.
    expect(within(cards[1]).getByText('Transcribing…')).toBeInTheDocument();
    expect(calls('GET /api/voicemails')).toHaveLength(1);
  });

  it("stops saying 'Transcribing…' and shows nothing when the transcription failed", async () => {
    const { socket } = renderVoicemail({ 'GET /api/voicemails': () => json([aVoicemail({ id: 5, transcribing: true })]) });
    const card = await screen.findByRole('article', { name: 'Voicemail from Leo Park' });
    expect(within(card).getByText('Transcribing…')).toBeInTheDocument();

    socket.receive({ type: 'transcript', kind: 'voicemail', id: 5, conversationId: null, transcript: null });
    await waitFor(() => expect(within(card).queryByText('Transcribing…')).not.toBeInTheDocument());
    expect(card.querySelector('[data-transcript]')).toBeNull();
  });

  it('shows nothing for a voicemail of silence', async () => {
    renderVoicemail({ 'GET /api/voicemails': () => json([aVoicemail({ id: 5, transcript: '' })]) });
    const card = await screen.findByRole('article', { name: 'Voicemail from Leo Park' });
    expect(card.querySelector('[data-transcript]')).toBeNull();
  });

  it("leaves alone a transcript event of another kind with the voicemail's id", async () => {
    const { socket } = renderVoicemail({ 'GET /api/voicemails': () => json([aVoicemail({ id: 5, transcribing: true })]) });
    const card = await screen.findByRole('article', { name: 'Voicemail from Leo Park' });
    socket.receive({ type: 'transcript', kind: 'message', id: 5, conversationId: 10, transcript: 'Not this one' });
    expect(within(card).getByText('Transcribing…')).toBeInTheDocument();
    expect(screen.queryByText('Not this one')).not.toBeInTheDocument();
  });
});

describe('searching voicemail (issue 47)', () => {
  const search = () => screen.getByRole('searchbox', { name: 'Search voicemail' });

  it('lists only the voicemails whose transcript says what was typed, asked once the typing stops', async () => {
    const { calls } = renderVoicemail({
      'GET /api/voicemails': (_, url) =>
        url.searchParams.get('q') === 'the mural'
          ? json([aVoicemail({ id: 5, transcript: 'Call me back about the mural' })])
          : json([aVoicemail({ id: 5, transcript: 'Call me back about the mural' }), aVoicemail({ id: 6, transcript: 'Lunch?' })]),
    });
    expect(await screen.findByText('Lunch?')).toBeInTheDocument();
    expect(search()).toHaveAttribute('placeholder', 'Search what they said');

    fireEvent.change(search(), { target: { value: 'the' } });
    fireEvent.change(search(), { target: { value: ' the mural ' } });
    await waitFor(() => expect(screen.queryByText('Lunch?')).not.toBeInTheDocument());
    expect(screen.getByText('Call me back about the mural')).toBeInTheDocument();
    expect(calls('GET /api/voicemails').map((c) => c.url.search)).toEqual(['?limit=20', '?q=the%20mural&limit=20']);
  });

  it("says 'No voicemails match' when none does, and shows them all again once the field is cleared", async () => {
    renderVoicemail({
      'GET /api/voicemails': (_, url) => json(url.searchParams.has('q') ? [] : [aVoicemail({ id: 5, transcript: 'Lunch?' })]),
    });
    await screen.findByText('Lunch?');
    fireEvent.change(search(), { target: { value: 'mural' } });
    expect(await screen.findByText('No voicemails match')).toBeInTheDocument();
    expect(screen.queryByText('No voicemails yet')).not.toBeInTheDocument();

    fireEvent.change(search(), { target: { value: '' } });
    expect(await screen.findByText('Lunch?')).toBeInTheDocument();
    expect(screen.queryByText('No voicemails match')).not.toBeInTheDocument();
  });
});

describe('recording a voicemail', () => {
  async function record(seconds: number) {
    fireEvent.click(screen.getByRole('button', { name: 'Record Voicemail' }));
    const stop = await screen.findByRole('button', { name: /^Recording\.\.\./ });
    act(() => vi.advanceTimersByTime(seconds * 1000));
    return stop;
  }

  it("records ('Recording...'), then asks for a recipient from the user's conversations and sends it", async () => {
    const { calls } = renderVoicemail({
      'POST /api/voicemails': () => json(aVoicemail({ id: 20 }), { status: 201 }),
    });
    await screen.findByText('No voicemails yet');
    const stop = await record(4);
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('0:04');
    fireEvent.click(stop);
    expect(await screen.findByText('Recording Complete')).toBeInTheDocument();
    expect(screen.getByText('Voicemail recorded! Please select a recipient to send it.')).toBeInTheDocument();
    expect(currentMedia().streams[0].tracks[0].stop).toHaveBeenCalled();

    const form = screen.getByRole('region', { name: 'New voicemail' });
    expect(within(form).getByLabelText('Voicemail preview')).toHaveAttribute('src', 'blob:clip-1');
    const send = within(form).getByRole('button', { name: 'Send Voicemail' });
    expect(send).toBeDisabled();
    const picker = await within(form).findByRole('combobox', { name: 'Send to' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a recipient', 'Leo Park', 'Ana Silva']));
    fireEvent.change(picker, { target: { value: '3' } });
    fireEvent.click(send);

    expect(await screen.findByText('Voicemail sent')).toBeInTheDocument();
    expect(screen.getByText('Sent to Ana Silva')).toBeInTheDocument();
    expect(calls('POST /api/voicemails')[0].body).toEqual({
      toUserId: 3,
      voiceUrl: `data:audio/webm;base64,${btoa('webm-bytes')}`,
      duration: 4,
    });
    expect(screen.queryByRole('region', { name: 'New voicemail' })).not.toBeInTheDocument();
  });

  it('stops by itself after 30 s', async () => {
    renderVoicemail();
    await record(30);
    expect(await screen.findByText('Recording Complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record Voicemail' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'New voicemail' })).getByText('0:30')).toBeInTheDocument();
  });

  it("keeps the recording when sending fails ('Failed to send voicemail'); Discard drops it", async () => {
    renderVoicemail({ 'POST /api/voicemails': () => new Response('{"message":"nope"}', { status: 403 }) });
    fireEvent.click(await record(2));
    const form = await screen.findByRole('region', { name: 'New voicemail' });
    const picker = within(form).getByRole('combobox', { name: 'Send to' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(picker, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Voicemail' }));
    expect(await screen.findByText('Failed to send voicemail')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'New voicemail' })).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'New voicemail' })).not.toBeInTheDocument();
  });

  it("says 'Recording Error' when the microphone is refused", async () => {
    currentMedia().refuse();
    renderVoicemail();
    fireEvent.click(screen.getByRole('button', { name: 'Record Voicemail' }));
    expect(await screen.findByText('Recording Error')).toBeInTheDocument();
    expect(screen.getByText('Could not access microphone. Please check permissions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record Voicemail' })).toBeEnabled();
  });
});
