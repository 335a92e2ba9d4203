//! The scale test's view of the deployment: which instance holds a browser's socket (nginx's
//! `X-Atelier-Upstream` header on the WebSocket handshake, read through the Chrome DevTools
//! Protocol, since the page's WebSocket API hides response headers), and killing and restarting
//! an instance (the run's instance-N.sh, which scripts/scale-test.sh wrote and stops on exit).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const instances = inject('instances');
const scaleRun = inject('scaleRun');

export interface Handshake {
  /** When the 101 arrived (Date.now()). */
  at: number;
  status: number;
  /** The instance's address as nginx names it, e.g. 127.0.0.1:41234. */
  upstream: string;
}

/** Every WebSocket handshake answer one page has received, oldest first. */
export interface SocketLog {
  handshakes: Handshake[];
  /** The instance (index into `instances`) of the newest socket opened; -1 before any. */
  current(): number;
}

/** Records the page's WebSocket handshakes from now on (CDP `Network.webSocketHandshakeResponseReceived`). */
export async function watchSockets(page: Page): Promise<SocketLog> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const handshakes: Handshake[] = [];
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    handshakes.push({ at: Date.now(), status: response.status, upstream: headers['x-atelier-upstream'] ?? '' });
  });
  return {
    handshakes,
    current: () => {
      const last = handshakes.findLast((h) => h.status === 101);
      return last ? instanceOf(last.upstream) : -1;
    },
  };
}

/** The index into `instances` of nginx's upstream address (the last one it tried, if several). */
export function instanceOf(upstream: string): number {
  const address = upstream.split(',').at(-1)?.trim() ?? '';
  return instances.findIndex((url) => new URL(url).host === address);
}

function pidOf(index: number): number {
  return Number(readFileSync(join(scaleRun, `instance-${index + 1}.pid`), 'utf8').trim());
}

/** kill -9: the instance gets no chance to close its sockets or tell Redis. */
export function killInstance(index: number) {
  process.kill(pidOf(index), 'SIGKILL');
}

/** SIGTERM, as `systemctl restart` sends it: the instance closes its sockets ('server restarting') and exits. */
export function stopInstance(index: number) {
  process.kill(pidOf(index), 'SIGTERM');
}

/** Waits until the instance's own port no longer answers (it has exited). */
export async function waitGone(index: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answers = await fetch(`${instances[index]}/healthz`).then(() => true, () => false);
    if (!answers) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${index + 1} (${instances[index]}) still answers ${timeoutMs} ms after SIGTERM`);
}

/** Starts the instance again with its settings (its start script records the new pid). */
export function startInstance(index: number) {
  const child = spawn('bash', [join(scaleRun, `instance-${index + 1}.sh`)], { detached: true, stdio: 'ignore' });
  child.unref();
}

/** Waits until the instance's own port answers /readyz. */
export async function waitReady(index: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${instances[index]}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${index + 1} (${instances[index]}) did not answer /readyz within ${timeoutMs} ms`);
}
