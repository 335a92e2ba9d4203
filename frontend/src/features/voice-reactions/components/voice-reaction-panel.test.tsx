import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, renderWithApp } from '@/test/render';
import { VoiceReactionPanel } from './voice-reaction-panel';

const target = { kind: 'post' as const, id: 7 };

function render(ui: ReactElement) {
  return renderWithApp(ui);
}

/** A 201 for the voice reaction the panel sends. */
const sentReaction = {
  id: 91,
  postId: 7,
  reelId: null,
  emotion: 'love',
  duration: 2,
  audioUrl: '/media/abc.webm',
  user: { id: 2, username: 'leo', displayName: 'Leo', profileImageUrl: null },
  createdAt: '2026-11-29T10:00:00Z',
};

class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static isTypeSupported = vi.fn((type: string) => type === 'audio/webm');
  state: RecordingState = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: MediaStream,
    public options?: MediaRecorderOptions,
  ) {
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;
let fetchSpy: ReturnType<typeof vi.fn>;
const createObjectURL = vi.fn(() => 'blob:clip-1');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  FakeRecorder.instances = [];
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }) as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  fetchSpy = vi.fn();
  vi.stubGlobal('fetch', fetchSpy);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const button = (name: string) => screen.getByRole('button', { name });

async function record() {
  await act(async () => fireEvent.click(button('Record')));
}

describe('VoiceReactionPanel', () => {
  it('offers the four emotions and needs one before recording', async () => {
    render(<VoiceReactionPanel target={target} onClose={() => {}} />);
    expect(['Love it!', 'Excited!', 'Inspired!', 'Impressed!'].map((n) => button(n).getAttribute('aria-pressed'))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(button('Record')).toBeDisabled();
    expect(button('Send')).toBeDisabled();
    await record();
    expect(getUserMedia).not.toHaveBeenCalled();

    fireEvent.click(button('Excited!'));
    expect(button('Excited!')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Record')).toBeEnabled();
    expect(button('Send')).toBeDisabled();
  });

  it('records webm from the microphone, previews it, and sends it to the post with its emotion', async () => {
    const onClose = vi.fn();
    fetchSpy.mockResolvedValue(json(sentReaction, { status: 201 }));
    render(<VoiceReactionPanel target={target} onClose={onClose} />);
    fireEvent.click(button('Love it!'));
    await record();

    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecorder.instances[0].options).toEqual({ mimeType: 'audio/webm' });
    expect(FakeRecorder.instances[0].state).toBe('recording');
    expect(button('Send')).toBeDisabled();

    fireEvent.click(button('Stop'));
    expect(track.stop).toHaveBeenCalled();
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ type: 'audio/webm' }));
    expect(document.querySelector('audio')).toHaveAttribute('src', 'blob:clip-1');

    await act(async () => fireEvent.click(button('Play preview')));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    fireEvent.click(button('Pause preview'));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(button('Play preview')).toBeInTheDocument();

    expect(button('Send')).toBeEnabled();
    await act(async () => fireEvent.click(button('Send')));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/posts/7/voice-reactions');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('emotion')).toBe('love');
    expect(Number(form.get('duration'))).toBeGreaterThanOrEqual(1);
    expect((form.get('audio') as Blob).type).toBe('audio/webm');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
    expect(await screen.findByText('Voice reaction sent')).toBeInTheDocument();
  });

  it('says Sending… while the request is under way, and keeps the clip with the reason when it fails', async () => {
    const answer = deferred<Response>();
    fetchSpy.mockReturnValueOnce(answer.promise);
    const onClose = vi.fn();
    render(<VoiceReactionPanel target={target} onClose={onClose} />);
    fireEvent.click(button('Impressed!'));
    await record();
    fireEvent.click(button('Stop'));
    await act(async () => fireEvent.click(button('Send')));
    expect(button('Sending…')).toBeDisabled();

    await act(async () =>
      answer.resolve(json({ message: 'Voice reactions must be 1 to 60 seconds', code: 'bad_request' }, { status: 400 })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Voice reactions must be 1 to 60 seconds');
    expect(onClose).not.toHaveBeenCalled();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    expect(button('Impressed!')).toHaveAttribute('aria-pressed', 'true');
    // The same clip can be sent again.
    fetchSpy.mockResolvedValueOnce(json(sentReaction, { status: 201 }));
    await act(async () => fireEvent.click(button('Send')));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('silently ignores a refused microphone', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<VoiceReactionPanel target={target} onClose={() => {}} />);
    fireEvent.click(button('Impressed!'));
    await record();
    expect(button('Record')).toBeEnabled();
    expect(button('Send')).toBeDisabled();
    expect(screen.queryByText('Recording...')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(FakeRecorder.instances).toHaveLength(0);
  });

  it('stops the microphone when closed mid-recording', async () => {
    const { unmount } = render(<VoiceReactionPanel target={target} onClose={() => {}} />);
    fireEvent.click(button('Inspired!'));
    await record();
    unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeRecorder.instances[0].state).toBe('inactive');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('frees the recording when closed before sending', async () => {
    const { unmount } = render(<VoiceReactionPanel target={target} onClose={() => {}} />);
    fireEvent.click(button('Inspired!'));
    await record();
    fireEvent.click(button('Stop'));
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
  });
});
