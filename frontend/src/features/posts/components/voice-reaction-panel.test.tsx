import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, renderWithApp } from '@/test/render';
import { PostCard } from './post-card';
import { VoiceReactionPanel } from './voice-reaction-panel';

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
    render(<VoiceReactionPanel onClose={() => {}} />);
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

  it('records webm from the microphone, previews it, and sends only with both', async () => {
    const onClose = vi.fn();
    render(<VoiceReactionPanel onClose={onClose} />);
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
    fireEvent.click(button('Send'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
    expect(button('Love it!')).toHaveAttribute('aria-pressed', 'false');
    expect(button('Send')).toBeDisabled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('silently ignores a refused microphone', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<VoiceReactionPanel onClose={() => {}} />);
    fireEvent.click(button('Impressed!'));
    await record();
    expect(button('Record')).toBeEnabled();
    expect(button('Send')).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(FakeRecorder.instances).toHaveLength(0);
  });

  it('stops the microphone when closed mid-recording', async () => {
    const { unmount } = render(<VoiceReactionPanel onClose={() => {}} />);
    fireEvent.click(button('Inspired!'));
    await record();
    unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeRecorder.instances[0].state).toBe('inactive');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('frees the recording when closed before sending', async () => {
    const { unmount } = render(<VoiceReactionPanel onClose={() => {}} />);
    fireEvent.click(button('Inspired!'));
    await record();
    fireEvent.click(button('Stop'));
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
  });
});

describe('the voice reaction panel on a post card', () => {
  it('opens from the card and closes again', async () => {
    renderWithApp(<PostCard post={aPost()} />);
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
    fireEvent.click(button('Voice reaction'));
    expect(button('Voice reaction')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Voice reaction' })).toBeInTheDocument();
    fireEvent.click(button('Close voice reaction'));
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
  });

  it('closes after a send', async () => {
    renderWithApp(<PostCard post={aPost()} />);
    fireEvent.click(button('Voice reaction'));
    fireEvent.click(button('Love it!'));
    await record();
    fireEvent.click(button('Stop'));
    fireEvent.click(button('Send'));
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
