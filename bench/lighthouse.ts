// Lighthouse (its default mobile profile: a mid-range phone on slow 4G, CPU slowed 4x) on the
// pages a player meets first, in Debian's Chromium, as a new visitor: cold cache, no storage.
// The payment screen is opened by a signed-in player (a game sends them there), so its run
// keeps the player's stored sign-in and clears only the HTTP cache.
// Prints one row per page: performance, FCP, LCP, TBT, CLS, accessibility, best practices,
// the host's benchmarkIndex, and the audits that cost points outside performance. Goals:
// performance >= 90, CLS <= 0.1, accessibility and best practices 100.
// Usage: npm run lighthouse -w bench   (BENCH_PAGES=catalogue,login limits the pages;
// BENCH_REPORTS=<folder> keeps each page's full report there as JSON; BENCH_CPU_SLOWDOWN=8
// slows the CPU 8x instead of the profile's 4x)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath, createApiKey, json, post, registerPlayer, root, startBenchProduct } from './lib.ts';

const lighthouseVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
  .version;

const port = Number(process.env.BENCH_PORT ?? 8297);
const debuggingPort = Number(process.env.BENCH_DEBUGGING_PORT ?? 9337);
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

const product = await startBenchProduct(port);
const userDataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
try {
  // The payment screen needs a payment of a signed-in player, made by the game server.
  const player = await registerPlayer(product.url);
  const key = await createApiKey(product.url);
  const payment = await json<{ paymentId: string }>(
    await post(`${product.url}/api/v1/payments`, { userId: player.userId, priceId: 'ft-coins-100' }, { authorization: `Bearer ${key}` }),
  );

  const pages: Array<{ name: string; path: string; signedIn?: boolean }> = [
    { name: 'catalogue', path: '/games/en/' },
    { name: 'game page', path: '/games/en/familytown/' },
    { name: 'price list', path: '/prices/familytown?project=familytown' },
    { name: 'login', path: '/session/login/email' },
    { name: 'registration', path: '/session/registration' },
    { name: 'payment', path: `/payments/process/${payment.paymentId}`, signedIn: true },
    { name: 'support', path: '/support/tickets' },
  ];
  const only = process.env.BENCH_PAGES?.split(',');

  // A persistent context is the browser's default one, which Lighthouse's tab shares: the
  // signed-in pages find the player's stored session there.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const rows: string[] = [];
    const notes: string[] = [];
    for (const page of pages.filter((p) => !only || only.some((name) => p.name.startsWith(name)))) {
      const tab = await context.newPage();
      await tab.goto(product.url + '/loader');
      if (page.signedIn) {
        await tab.evaluate((p) => {
          localStorage.setItem('accessToken', p.jwt);
          localStorage.setItem(
            'webAuthData',
            JSON.stringify({ userId: p.userId, nickName: p.nickName, currentAuthType: p.currentAuthType }),
          );
        }, player);
      } else {
        await tab.evaluate(() => localStorage.clear());
      }
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await tab.close();

      const result = await lighthouse(product.url + page.path, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // A new visitor: Lighthouse clears the origin's storage, except where the page needs
        // the signed-in player (the cache was cleared above either way).
        disableStorageReset: Boolean(page.signedIn),
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${page.path}`);
      const reports = process.env.BENCH_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(path.join(reports, `${page.name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError)
        notes.push(`${page.name}: lighthouse could not load the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(5);
      const ms = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`.padStart(7);
      const tbt = `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`.padStart(7);
      const cls = (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6);
      // Lighthouse's measure of this host's speed: its 4x slowdown models a phone from a host
      // of about 1500-2000.
      const host = String(Math.round(lhr.environment.benchmarkIndex)).padStart(5);
      rows.push(
        `${page.name.padEnd(13)} ${score('performance')} ${ms('first-contentful-paint')} ${ms('largest-contentful-paint')} ${tbt} ${cls} ${score('accessibility')} ${score('best-practices')} ${host}`,
      );
      for (const category of ['accessibility', 'best-practices']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            // What failed, as the report lists it: the element, or the issue's kind.
            const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
            const what = items
              .slice(0, 3)
              .map((item) => {
                const node = item.node as { snippet?: string } | undefined;
                const subItems = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
                return (
                  node?.snippet ??
                  (item.issueType
                    ? `${String(item.issueType)}: ${JSON.stringify(subItems[0] ?? {}).slice(0, 160)}`
                    : JSON.stringify(item).slice(0, 160))
                );
              })
              .join(' | ');
            notes.push(`${page.name}: ${category} ${ref.id} (${audit.title}) ${what}`);
          }
        }
      }
    }
    console.log(`lighthouse ${lighthouseVersion}, mobile profile, CPU slowed ${cpuSlowdown}x, Chromium at ${chromiumPath}`);
    console.log('page          perf     FCP     LCP     TBT    CLS  a11y  best  host');
    for (const row of rows) console.log(row);
    for (const note of notes) console.log(`  - ${note}`);
  } finally {
    await context.close();
  }
} finally {
  await product.stop();
  rmSync(userDataDir, { recursive: true, force: true });
}
