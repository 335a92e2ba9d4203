import { useEffect, useRef } from 'react';
import { useLatest } from './use-latest';

/**
 * Infinite scroll: returns a ref for a sentinel element placed after a list; when it comes
 * within `rootMargin` of the viewport and `enabled` holds, `onLoadMore` runs. Without
 * IntersectionObserver (old browsers, tests) nothing happens, and the caller's button remains.
 */
export function useLoadMore<T extends Element>(onLoadMore: () => void, enabled: boolean, rootMargin = '600px') {
  const ref = useRef<T>(null);
  const callback = useLatest(onLoadMore);

  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, rootMargin, callback]);

  return ref;
}
