//! The real server for browser tests: a fresh directory holding a seeded SQLite database, a media
//! folder and a mail folder, served on a free port once /healthz answers. global-setup.ts starts the
//! one every test shares; a test that takes its server down (offline.e2e.ts) starts a private one
//! with `startServer`, which it may stop and start again on the same data and port.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`atelier serve exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`atelier serve did not answer ${url}/healthz with 200 within ${timeoutMs} ms`);
}

export interface TestServer {
  baseUrl: string;
  dir: string;
  databaseUrl: string;
  mediaStore: string;
  mailDir: string;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s); the data stays. */
  stop: () => Promise<void>;
  /** Starts it again on the same data and port, and waits for /healthz. */
  restart: () => Promise<void>;
  /** Stops it and removes its directory (kept with ATELIER_E2E_KEEP). */
  dispose: () => Promise<void>;
}

/**
 * Seeds a fresh directory with the demo (`atelier seed --demo`) and serves it on a free port;
 * `extraArgs` are added to `serve`'s (federation.e2e.ts: `--federation` and its loopback flags).
 */
export async function startServer(bin: string, extraArgs: readonly string[] = []): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
  const databaseUrl = `sqlite://${dir}/atelier.db`;
  const mediaStore = join(dir, 'media');
  const mailDir = join(dir, 'mail');
  // The seed draws the demo pictures into the same media store the server then serves.
  await run(bin, ['seed', '--demo', '--database-url', databaseUrl, '--media-store', mediaStore], { cwd: dir });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(dir, 'server.log');
  const log: WriteStream = createWriteStream(logPath, { flags: 'a' });
  let server: ChildProcess | null = null;

  const start = async () => {
    const child = spawn(
      bin,
      [
        'serve',
        '--listen', `127.0.0.1:${port}`,
        '--database-url', databaseUrl,
        '--media-store', mediaStore,
        '--public-url', baseUrl,
        '--mail-dir', mailDir,
        ...extraArgs,
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    try {
      await waitForHealth(baseUrl, child, 60_000);
    } catch (error) {
      child.kill('SIGKILL');
      const output = await readFile(logPath, 'utf8').catch(() => '');
      throw new Error(`${(error as Error).message}\n--- server log (${logPath}) ---\n${output}`);
    }
  };

  const stop = async () => {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  await start();
  return {
    baseUrl,
    dir,
    databaseUrl,
    mediaStore,
    mailDir,
    stop,
    restart: start,
    dispose: async () => {
      await stop();
      log.end();
      if (!process.env.ATELIER_E2E_KEEP) await rm(dir, { recursive: true, force: true });
    },
  };
}
