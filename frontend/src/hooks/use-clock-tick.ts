//! A shared clock tick for labels that read the time ('Last seen 5m ago'): every component that
//! uses it renders again every 30 s, all on one timer that runs only while some are mounted.
import { useSyncExternalStore } from 'react';

/** Minute-granular labels are at most this much behind. */
export const CLOCK_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let ticks = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    ticks += 1;
    for (const notify of listeners) notify();
  }, CLOCK_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getTicks = () => ticks;

/**
 * Renders the caller again every `CLOCK_TICK_MS`; it reads the time itself (`new Date()`) while
 * rendering. Returns the tick count.
 */
export function useClockTick(): number {
  return useSyncExternalStore(subscribe, getTicks, getTicks);
}
