// Size of the game SDK a game downloads: the ESM build (dist/game-sdk.mjs) and the script-tag
// build served at /sdk/game-sdk.js, raw, gzip (level 9) and brotli (quality 11), built fresh
// with the package's own esbuild settings. Usage: npm run sdk-size -w bench
// Exits with 1 when a build is over the 5 KB gzip limit, so CI can run it as a check.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const LIMIT_GZIP = 5 * 1024;
const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/game-sdk');

async function bundle(entry, format) {
  const result = await build({
    entryPoints: [path.join(sdk, 'src', entry)],
    bundle: true,
    minify: true,
    format,
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return Buffer.from(file.contents);
}

const builds = [
  { name: 'ESM    (dist/game-sdk.mjs)', bytes: await bundle('index.ts', 'esm') },
  { name: 'script (dist/game-sdk.js) ', bytes: await bundle('global.ts', 'iife') },
];

const fmt = (n) => `${(n / 1024).toFixed(2)} KB`.padStart(9);
console.log(`${'build'.padEnd(27)}      raw     gzip   brotli`);
let over = false;
for (const { name, bytes } of builds) {
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  if (gzip > LIMIT_GZIP) over = true;
  console.log(`${name} ${fmt(bytes.length)} ${fmt(gzip)} ${fmt(brotli)}`);
}
console.log(`limit: ${fmt(LIMIT_GZIP).trim()} gzip per build — ${over ? 'OVER THE LIMIT' : 'within the limit'}`);
if (over) process.exitCode = 1;
