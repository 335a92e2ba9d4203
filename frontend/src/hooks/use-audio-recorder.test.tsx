import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeMediaEachTest, FakeMediaRecorder, flush } from '@/test/media';
import { useAudioRecorder, type RecordedClip } from './use-audio-recorder';

const currentMedia = fakeMediaEachTest({ advance: false });

function renderRecorder(maxSeconds = 60) {
  const onRecorded = vi.fn<(clip: RecordedClip) => void>();
  const onError = vi.fn();
  const hook = renderHook(() => useAudioRecorder({ maxSeconds, onRecorded, onError }));
  const start = async () => {
    await act(async () => {
      await hook.result.current.start();
    });
  };
  return { hook, onRecorded, onError, start };
}

describe('useAudioRecorder', () => {
  it('records webm from the microphone, counting seconds, and hands over the clip with its length', async () => {
    const { hook, onRecorded, start } = renderRecorder();
    await start();
    expect(currentMedia().getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.latest().mimeType).toBe('audio/webm');
    expect(hook.result.current.status).toBe('recording');
    expect(hook.result.current.seconds).toBe(0);

    act(() => vi.advanceTimersByTime(3000));
    expect(hook.result.current.seconds).toBe(3);
    act(() => vi.advanceTimersByTime(400));
    act(() => hook.result.current.stop());

    expect(hook.result.current.status).toBe('idle');
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const clip = onRecorded.mock.calls[0][0];
    expect(clip.seconds).toBe(3);
    expect(clip.blob.type).toBe('audio/webm');
    expect(currentMedia().streams[0].tracks[0].stop).toHaveBeenCalled();
  });

  it('stops by itself at the cap', async () => {
    const { hook, onRecorded, start } = renderRecorder(30);
    await start();
    act(() => vi.advanceTimersByTime(29_999));
    expect(onRecorded).not.toHaveBeenCalled();
    expect(hook.result.current.seconds).toBe(29);
    act(() => vi.advanceTimersByTime(1));
    expect(onRecorded).toHaveBeenCalledWith(expect.objectContaining({ seconds: 30 }));
    expect(hook.result.current.status).toBe('idle');
  });

  it('counts a very short recording as one second', async () => {
    const { hook, onRecorded, start } = renderRecorder();
    await start();
    act(() => hook.result.current.stop());
    expect(onRecorded.mock.calls[0][0].seconds).toBe(1);
  });

  it('reports a refused microphone and goes back to idle', async () => {
    currentMedia().refuse();
    const { hook, onRecorded, onError, start } = renderRecorder();
    await start();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onRecorded).not.toHaveBeenCalled();
    expect(hook.result.current.status).toBe('idle');
  });

  it('releases the microphone without a clip when cancelled or unmounted', async () => {
    const { hook, onRecorded, start } = renderRecorder();
    await start();
    act(() => hook.result.current.cancel());
    expect(currentMedia().streams[0].tracks[0].stop).toHaveBeenCalled();
    expect(hook.result.current.status).toBe('idle');

    await start();
    hook.unmount();
    expect(currentMedia().streams[1].tracks[0].stop).toHaveBeenCalled();
    await flush();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('lets go of a microphone granted after it was cancelled', async () => {
    const { hook, onRecorded } = renderRecorder();
    let starting!: Promise<void>;
    act(() => {
      starting = hook.result.current.start();
    });
    expect(hook.result.current.status).toBe('starting');
    act(() => hook.result.current.cancel());
    await act(async () => {
      await starting;
    });
    expect(currentMedia().streams[0].tracks[0].stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
