//! Starts the real server for the browser tests (server.ts): a fresh temporary directory holding
//! a seeded SQLite database, a media folder and a mail folder, a free port, and a wait for /healthz.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

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

export default async function setup(project: TestProject) {
  const bin = process.env.ATELIER_BIN;
  if (!bin) {
    throw new Error(
      'ATELIER_BIN is not set: point it at the built server binary, e.g. ATELIER_BIN=../target/debug/atelier npm run e2e',
    );
  }
  if (!existsSync(bin)) throw new Error(`ATELIER_BIN=${bin} does not exist`);

  const server = await startServer(bin);

  project.provide('baseUrl', server.baseUrl);
  project.provide('atelierBin', bin);
  project.provide('databaseUrl', server.databaseUrl);
  project.provide('mediaStore', server.mediaStore);
  project.provide('mailDir', server.mailDir);

  return server.dispose;
}
