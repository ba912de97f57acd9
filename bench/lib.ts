// Shared bench helpers; each part lives in bench/lib/:
// - product.ts: startProduct (the product as `npm start` runs it, on an empty data folder),
//   startScript (a node script as its own server process).
// - portal.ts: startBenchProduct (bench admin, rate limits off, BENCH_DATABASE_URL -> PostgreSQL),
//   registerPlayer (dev mailbox code), mailedCode, staffToken, createApiKey, onPostgres.
// - browser.ts: launchChromium (CHROMIUM_PATH or /usr/bin/chromium), playerContext (signed in).
// - http.ts: json (throws on non-2xx), post (JSON body), sleep.
// - mixed.ts: the mixed load of mixed-load.ts and capacity.ts (MIX, prepareMixWorld, runMix,
//   mixFigures, printMix).
// - stats.ts: percentile, describeTimings ("median …, p95 …, max …"), kb.
// Benches import everything from './lib.ts'.
export * from './lib/browser.ts';
export * from './lib/http.ts';
export * from './lib/mixed.ts';
export * from './lib/portal.ts';
export * from './lib/product.ts';
export * from './lib/stats.ts';
