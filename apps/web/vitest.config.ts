import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { REACT_ON_PREACT } from './react-runtime.ts';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...Object.entries(REACT_ON_PREACT).map(([find, replacement]) => ({ find, replacement })),
      // Its ES build, so that its React imports take the aliases too (Node's require would not).
      {
        find: '@testing-library/react',
        replacement: fileURLToPath(
          new URL('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
        ),
      },
      // The shim only stands in for React's own hook, which Preact has.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(new URL('./src/test/with-selector.ts', import.meta.url)),
      },
    ],
    mainFields: ['module', 'main'],
    // ES builds of the libraries (their CommonJS builds would require React itself).
    conditions: ['module', 'import', 'browser', 'development'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Screens render, fetch and settle; on a loaded 2-core machine that takes more than 5 s.
    testTimeout: 20_000,
    // Every library goes through the same aliases (Node would load React itself for those it runs).
    server: { deps: { inline: true } },
  },
});
