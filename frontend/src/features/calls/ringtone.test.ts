import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudioContext } from '@/test/audio';
import { createRingtone } from './ringtone';

/** Counts the audio contexts made: a ring that plays makes one. */
let contexts = 0;
const FakeAudioContext = fakeAudioContext(() => (contexts += 1));

beforeEach(() => {
  contexts = 0;
  vi.useFakeTimers();
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the ringtone', () => {
  it('rings when sound effects are on', () => {
    const ringtone = createRingtone(() => true);
    ringtone.start();
    expect(contexts).toBe(1);
    ringtone.stop();
  });

  it("is silent when 'Sound Effects' is off", () => {
    const ringtone = createRingtone(() => false);
    ringtone.start();
    vi.advanceTimersByTime(10_000);
    expect(contexts).toBe(0);
    ringtone.stop();
  });
});
