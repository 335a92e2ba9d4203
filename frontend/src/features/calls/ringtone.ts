//! The incoming call's ring, drawn with Web Audio (no sound file to download): the classic
//! two-tone ring (440 Hz + 480 Hz), two short bursts every 3 s, until stopped. Where the browser
//! has no AudioContext, or will not play before the user has touched the page, it stays silent;
//! it is silent too while `enabled()` says no (the 'Sound effects' setting, read at each ring).

export interface Ringtone {
  start(): void;
  stop(): void;
}

const RING_EVERY_MS = 3000;
const BURSTS_S = [0, 0.6];
const BURST_LENGTH_S = 0.4;
const VOLUME = 0.15;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as typeof window & { webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

function ringOnce(context: AudioContext) {
  const at = context.currentTime;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, at);
  for (const offset of BURSTS_S) {
    gain.gain.setValueAtTime(VOLUME, at + offset);
    gain.gain.setValueAtTime(0, at + offset + BURST_LENGTH_S);
  }
  gain.connect(context.destination);
  const end = at + BURSTS_S[BURSTS_S.length - 1] + BURST_LENGTH_S;
  for (const frequency of [440, 480]) {
    const tone = context.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(at);
    tone.stop(end);
  }
}

export function createRingtone(enabled: () => boolean = () => true): Ringtone {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    start() {
      const Context = audioContextClass();
      if (context || !Context || !enabled()) return;
      try {
        context = new Context();
        void context.resume().catch(() => {});
        const current = context;
        ringOnce(current);
        timer = setInterval(() => ringOnce(current), RING_EVERY_MS);
      } catch {
        context = null;
      }
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      void context?.close().catch(() => {});
      context = null;
    },
  };
}
