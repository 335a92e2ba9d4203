import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept up to date. Without matchMedia (old browsers, jsdom)
 * it is false: the mobile-first layout is the default.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', notify);
      return () => list.removeEventListener?.('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}

/** From this width on the app takes the desktop layout (side navigation, wide chat and admin). */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether the desktop layout is on (Tailwind's `lg:` breakpoint, 1024 px). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
