//! The service worker (issue 21), built by vite-plugin-pwa's injectManifest into dist/sw.js:
//! it precaches the app shell of this build, answers navigations from it when the network
//! fails or a gateway answers 502–504 (never the server's own paths), takes over open tabs at
//! once, and turns Web Push messages into notifications that open the app where they point.
//! Registered by lib/service-worker.ts in production builds only.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clickTarget, notificationFor, parsePushPayload } from './lib/push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The shell: index.html, the hashed JS and CSS, the icons, the manifest (globPatterns in vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new build's worker replaces the old one as soon as it is installed and controls every open tab.
self.skipWaiting();
clientsClaim();

/** Paths the server answers itself: an API error or a media 404 must never become the app. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/media(\/|$)/, /^\/(healthz|readyz|metrics)$/];

/** A proxy's answers for a server that is not there (issue 43): the app shell does better. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

// Navigations go to the network first (index.html is never cached by the server, so a deploy
// shows at once); when the network fails or a gateway says the server is down, the precached
// index.html starts the app, which waits for the server with 'Can't reach Atelier — retrying'.
const shell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await fetch(options.request);
        return GATEWAY_STATUSES.has(response.status) ? await shell(options) : response;
      } catch {
        return shell(options);
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

self.addEventListener('push', (event) => {
  let body: string | null = null;
  try {
    body = event.data?.text() ?? null;
  } catch {
    body = null;
  }
  const payload = parsePushPayload(body);
  if (!payload) return;
  const { title, options } = notificationFor(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  const target = clickTarget(url, self.location.origin);
  event.waitUntil(openApp(target));
});

/** Focuses an open Atelier tab and sends it to `path`, or opens a new window there. */
async function openApp(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus().catch(() => open);
    // navigate() only works on a tab this worker controls; otherwise a new window it is.
    const navigated = await focused.navigate(path).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(path);
}
