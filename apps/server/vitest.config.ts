import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // PGlite boots a WASM Postgres per app; a generous timeout covers cold starts on slow CI.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
