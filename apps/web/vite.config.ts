import { defineConfig, type Plugin } from 'vite';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
// What the server owns (one list with the server's page fallback): proxied in development.
// A relative import: the config is bundled as it is loaded, and Node runs no TypeScript from
// node_modules.
import { PAGE_PRELOADS_FILE, PRICE_LOGO_PATH, SERVER_PATH_PREFIXES, type PagePreload } from '../../packages/contracts/src/server-paths.ts';
import { PAGE_MODULES } from './src/app/page-modules.ts';
import { routes } from './src/shared/paths.ts';

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:8080';

/**
 * What every page loads before its first paint, in two files instead of one per module:
 * the libraries (which change less often than the app, so a release leaves them cached)
 * and the app's shell, which joins the entry. Each file on that path costs a phone a round
 * trip; the screens' own code stays in chunks loaded by route.
 */
const INITIAL_CHUNKS = {
  groups: [
    { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const], priority: 2 },
    { name: 'shell', tags: ['$initial' as const], priority: 1 },
  ],
};

/**
 * V8's explicit compile hint. Placed in the bundle as written (after minification, which drops
 * comments), at the top of the file; in the entry it lands under the line of chunk dependencies
 * Vite writes first, where V8 still honours it (the entry's main-thread compile time falls).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Writes `.br` and `.gz` beside every text asset at maximum quality, once, at build time;
 * the server sends them as they are (`preCompressed`), so pages pay neither CPU nor bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|json|svg|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * For each page whose code loads by route: its path pattern and the files that code needs
 * beyond what index.html loads. The server names them in the page's answer, so they download
 * beside the app's own files instead of after the app has started (`PAGE_PRELOADS_FILE`).
 *
 * The same files, and those index.html loads, carry V8's compile hint: nearly every function
 * in them runs as a page starts, so V8 compiles them on a background thread as they download
 * instead of one by one on the main thread at their first call, inside the page's first render.
 * The chunks loaded later (a widget on input, a dialog, the staff console) compile lazily:
 * hinting every chunk cost more main-thread compile than it saved.
 */
function pageStartCode(): Plugin {
  let root = '';
  return {
    name: 'portal-page-start-code',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) return this.error('the build has no index.html entry');
      const initial = new Set([entry.fileName, ...entry.imports]);
      // Every chunk some page runs as it starts: index.html's and each page's own.
      const startCode = new Set(initial);
      const collect = (fileName: string, js: Set<string>, css: Set<string>) => {
        const chunk = byFile.get(fileName);
        if (!chunk || initial.has(fileName) || js.has(`/${fileName}`)) return;
        js.add(`/${fileName}`);
        startCode.add(fileName);
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
        for (const file of chunk.imports) collect(file, js, css);
      };
      const pages: PagePreload[] = Object.entries(PAGE_MODULES).map(([name, module]) => {
        const id = join(root, 'src', module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) return this.error(`the page module ${module} (${name}) has no chunk of its own`);
        const js = new Set<string>();
        const css = new Set<string>();
        collect(chunk.fileName, js, css);
        return { path: routes[name as keyof typeof PAGE_MODULES].path, js: [...js], css: [...css] };
      });
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(pages) });

      for (const fileName of startCode) {
        const chunk = byFile.get(fileName);
        if (!chunk) continue;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        // With source maps on, the map (already its own file here) moves down by the line added.
        const map = bundle[`${fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  };
}

/**
 * React Router's production build: its package exports name only its development build
 * (whose extra checks and warnings players would download and run), so the build says which.
 */
const REACT_ROUTER_PRODUCTION = join(
  createRequire(import.meta.url)
    .resolve('react-router/package.json')
    .replace(/package\.json$/, ''),
  'dist/production/index.mjs',
);

/**
 * Two builds: the pages players download (`dist/`), and with `--ssr` the server's render of
 * the public pages (`dist-ssr/entry-server.js`, src/entry-server.tsx), every library bundled
 * in so the server needs nothing else of the web app at run time.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress(), pageStartCode()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
    ],
  },
  ...(isSsrBuild && {
    ssr: { noExternal: true, target: 'node' as const },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(SERVER_PATH_PREFIXES.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      [PRICE_LOGO_PATH.source]: { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: '[name].js', format: 'es' as const } },
      }
    : {
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
            codeSplitting: INITIAL_CHUNKS,
          },
        },
      },
}));
