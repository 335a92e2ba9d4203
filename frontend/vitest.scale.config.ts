import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// The scale test (scripts/scale-test.sh, `make scale-test`): two instances behind nginx, which
// the script starts; e2e-scale/global-setup.ts only hands their addresses to the test.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['e2e-scale/**/*.scale.ts'],
    globalSetup: ['./e2e-scale/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    expect: { poll: { timeout: 5_000 } },
  },
});
