// `npm run build -w apps/server`: the server as one ES module for Node (dist/server.mjs, and
// dist/migrate.mjs, the release step that only migrates the database), with
// our own code and the workspace contracts inside and every npm dependency left to node_modules,
// so a deployment runs it with production dependencies only (`npm ci --omit=dev`).
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await rm(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  // The server, and the release step that only migrates the database.
  entryPoints: { server: path.join(root, 'src/server.ts'), migrate: path.join(root, 'src/migrate.ts') },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(): give the module one.
  banner: { js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);" },
});
// The database migrations are read at start, next to the bundle as next to the sources.
await cp(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('server: built dist/server.mjs and dist/migrate.mjs');
