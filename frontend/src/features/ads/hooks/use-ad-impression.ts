import { useEffect, useRef } from 'react';
import { recordAdInteraction } from '../api/record-interaction';

/**
 * Records one impression of `adId` for the element holding the returned ref (docs/decisions.md:
 * "once on load" for the banner, "once per card" elsewhere). With `whenVisible`, it waits
 * until half the element is on screen (IntersectionObserver; without one, on mount). The
 * guard is a ref, so StrictMode's second effect run and re-renders never count it twice.
 */
export function useAdImpression<T extends Element>(adId: number, { whenVisible = false } = {}) {
  const ref = useRef<T>(null);
  const recorded = useRef<number | null>(null);

  useEffect(() => {
    if (recorded.current === adId) return;
    const record = () => {
      if (recorded.current === adId) return;
      recorded.current = adId;
      void recordAdInteraction(adId, 'impression');
    };
    const node = ref.current;
    if (!whenVisible || !node || typeof IntersectionObserver === 'undefined') {
      record();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        record();
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [adId, whenVisible]);

  return ref;
}
