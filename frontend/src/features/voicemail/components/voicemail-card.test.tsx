import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { json, serveChat } from '@/test/chat';
import { renderWithApp } from '@/test/render';
import { aVoicemail } from '@/test/voicemail';
import { VoicemailCard } from './voicemail-card';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const playbackErrors = () => vi.mocked(toast).mock.calls.filter(([input]) => input.title === 'Playback Error');

function renderCard() {
  serveChat({ 'PATCH /api/voicemails/5/listen': () => json(aVoicemail({ id: 5, isListened: true })) });
  renderWithApp(
    <ul>
      <VoicemailCard voicemail={aVoicemail({ id: 5 })} />
    </ul>,
  );
  return screen.getByLabelText('Voicemail from Leo Park', { selector: 'audio' }) as HTMLAudioElement;
}

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('VoicemailCard playback errors', () => {
  it('says nothing when the audio fails to load before anyone pressed play', () => {
    const audio = renderCard();
    fireEvent.error(audio);
    expect(playbackErrors()).toHaveLength(0);
  });

  it("says 'Playback Error' once when Play fails (the error event and the refused play() together)", async () => {
    const audio = renderCard();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('error'));
      return Promise.reject(new DOMException('no source', 'NotSupportedError'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Play voicemail from Leo Park' }));
    await act(() => Promise.resolve());
    expect(playbackErrors()).toHaveLength(1);
    expect(playbackErrors()[0][0]).toMatchObject({ variant: 'destructive', description: 'Could not play this voicemail.' });
    // A later failure of that same audio, unasked, says nothing more.
    fireEvent.error(audio);
    expect(playbackErrors()).toHaveLength(1);
  });

  it("says 'Playback Error' when the audio fails after the player's own play", () => {
    const audio = renderCard();
    fireEvent.play(audio);
    fireEvent.error(audio);
    expect(playbackErrors()).toHaveLength(1);
  });
});
