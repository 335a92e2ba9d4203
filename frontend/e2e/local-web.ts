//! Serves the web app from a local build instead of the copy embedded in the server binary, when
//! ATELIER_E2E_WEB names a built `dist` folder (`npm run build` first). A frontend change can then
//! be tried against a prebuilt server: the API, media and socket still come from the server; the
//! answer keeps the server's headers (CSP and the rest), only its body is the local file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

const SERVER_PATHS = /^\/(api|media|ws|healthz|readyz|metrics)(\/|$)/;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * `baseUrl`: the server whose app this is (the shared one unless a test runs its own). While that
 * server is down the file is refused as the server would refuse it (connection refused), so the
 * browser and its service worker meet a stopped server, not a test that still answers.
 */
export async function serveLocalWeb(context: BrowserContext, baseUrl: string = inject('baseUrl')) {
  const dist = process.env.ATELIER_E2E_WEB;
  if (!dist) return;
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`ATELIER_E2E_WEB=${dist} has no index.html: run npm run build`);
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin === origin && !SERVER_PATHS.test(url.pathname),
    async (route) => {
      const path = decodeURIComponent(new URL(route.request().url()).pathname);
      let file = normalize(join(dist, path));
      // The SPA's fallback, as the server does: any path that is not a file is the app.
      if (!file.startsWith(normalize(dist)) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
      let response;
      try {
        response = await route.fetch();
      } catch {
        await route.abort('connectionrefused');
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !['content-length', 'content-encoding', 'etag', 'last-modified'].includes(name)),
      );
      headers['content-type'] = TYPES[extname(file)] ?? 'application/octet-stream';
      await route.fulfill({ status: 200, headers, body: readFileSync(file) });
    },
  );
}
