//! Starts the real server for the browser tests: a fresh temporary directory holding a
//! seeded SQLite database, a media folder and a mail folder, a free port, and a wait for /healthz.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server binary and the database and media store it serves, for CLI steps (`atelier admin credit`). */
    atelierBin: string;
    databaseUrl: string;
    mediaStore: string;
    /** Where the server writes each mail it sends as an `.eml` file (no SMTP in the tests; issue 41). */
    mailDir: string;
  }
}

const run = promisify(execFile);

function freePort(): Promise<number> {
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

export default async function setup(project: TestProject) {
  const bin = process.env.ATELIER_BIN;
  if (!bin) {
    throw new Error(
      'ATELIER_BIN is not set: point it at the built server binary, e.g. ATELIER_BIN=../target/debug/atelier npm run e2e',
    );
  }
  if (!existsSync(bin)) throw new Error(`ATELIER_BIN=${bin} does not exist`);

  const dir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
  const databaseUrl = `sqlite://${dir}/atelier.db`;
  const mediaStore = join(dir, 'media');
  const mailDir = join(dir, 'mail');
  // The seed draws the demo pictures into the same media store the server then serves.
  await run(bin, ['seed', '--demo', '--database-url', databaseUrl, '--media-store', mediaStore], { cwd: dir });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(dir, 'server.log');
  const log = createWriteStream(logPath);
  const server = spawn(
    bin,
    [
      'serve',
      '--listen', `127.0.0.1:${port}`,
      '--database-url', databaseUrl,
      '--media-store', mediaStore,
      '--public-url', baseUrl,
      '--mail-dir', mailDir,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  try {
    await waitForHealth(baseUrl, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    const output = await readFile(logPath, 'utf8').catch(() => '');
    throw new Error(`${(error as Error).message}\n--- server log (${logPath}) ---\n${output}`);
  }

  project.provide('baseUrl', baseUrl);
  project.provide('atelierBin', bin);
  project.provide('databaseUrl', databaseUrl);
  project.provide('mediaStore', mediaStore);
  project.provide('mailDir', mailDir);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log.end();
    if (!process.env.ATELIER_E2E_KEEP) await rm(dir, { recursive: true, force: true });
  };
}
