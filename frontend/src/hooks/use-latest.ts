import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the `value` of the latest committed render, for callbacks that outlive a render
 * (timers, subscriptions, observers, event handlers) and must reach what the component last
 * passed without re-subscribing. It is written after each commit, never during render, which
 * React requires of refs (a render may be thrown away before it commits).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
