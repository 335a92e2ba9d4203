import { defineConfig } from 'vitest/config';

// `npm run screenshots`: the README's pictures (docs/screenshots/), taken by the browser against
// the real server (ATELIER_BIN) and its demo seed, as the browser tests are (e2e/global-setup.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/screenshots.shots.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000 } },
  },
});
