//! Registers the service worker (src/sw.ts, built to /sw.js) in production builds only:
//! `npm run dev` has no worker, so nothing cached gets between a developer and their change.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so the worker's precaching does not compete with the app's own requests.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window, storage refused): the app works as it did without one.
    });
  });
}
