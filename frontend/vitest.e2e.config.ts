import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests against the real server binary (ATELIER_BIN); see e2e/global-setup.ts.
export default defineConfig({
  // The tests read a few constants from src/ (a page size), whose modules import with '@/'.
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Polls wait for what a user would wait for: under load on two cores the page can miss a
    // second (a story's progress sat at 20 % for the whole of the default 1 s once).
    expect: { poll: { timeout: 5_000 } },
  },
});
