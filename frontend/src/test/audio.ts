//! A Web Audio stand-in for jsdom, which has none: enough of AudioContext for the ringtone and
//! the message chime to play into nothing.
import { vi } from 'vitest';

/** An AudioContext class whose every construction calls `onCreate` (a sound that plays makes one). */
export function fakeAudioContext(onCreate: () => void) {
  return class FakeAudioContext {
    currentTime = 0;
    destination = {};
    constructor() {
      onCreate();
    }
    resume = vi.fn(async () => {});
    close = vi.fn(async () => {});
    createGain() {
      return { gain: { setValueAtTime: vi.fn() }, connect: vi.fn() };
    }
    createOscillator() {
      return { frequency: { value: 0 }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    }
  };
}
