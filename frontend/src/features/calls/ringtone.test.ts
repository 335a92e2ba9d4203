import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRingtone } from './ringtone';

/** Counts the audio contexts made: a ring that plays makes one. */
let contexts = 0;
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  constructor() {
    contexts += 1;
  }
  resume = vi.fn(async () => {});
  close = vi.fn(async () => {});
  createGain() {
    return { gain: { setValueAtTime: vi.fn() }, connect: vi.fn() };
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
  }
}

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
