//! An IntersectionObserver stand-in for jsdom, which has none: the test decides when a target
//! comes into view.
import { vi } from 'vitest';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

/**
 * Stubs the global IntersectionObserver (undone by `vi.unstubAllGlobals()`) and returns the
 * callbacks of the observers made, newest last: `observers.at(-1)?.([{ isIntersecting: true }])`
 * brings the last observed target into view.
 */
export function stubIntersectionObserver(): Callback[] {
  const observers: Callback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}
