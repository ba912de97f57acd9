import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:8080';

// Everything the server owns; the SPA owns the rest. `/prices/{id}/{logoName}` (a logo) is
// the server's, `/prices/{project}` (a page) is the SPA's: only two-segment paths with a
// file extension go to the server.
const proxied = ['/api', '/docs', '/images', '/demo-games', '/health', '/.well-known', '/passport'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      '^/prices/[^/]+/[^/]+\\.[a-z0-9]+$': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Lets the server and the page-weight bench know which chunks a route needs.
    manifest: true,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
