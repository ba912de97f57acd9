// JavaScript on the wire for the pages a player meets first: the brotli bytes of every script
// the page's own frame loads (the build's `.br` files, as the server sends them), on a cold
// cache. A game's own frame is not counted. Prints one row per page with its limit, then the
// files of each page, largest first.
// Usage: npm run build, then npm run page-weight -w bench
//   (BENCH_PORT moves the product, BENCH_PAGES=catalogue,login limits the pages,
//    BENCH_FILES=1 lists each page's files)
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { createApiKey, json, kb, launchChromium, playerContext, post, registerPlayer, root, startBenchProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8293);
const dist = path.join(root, 'apps/web/dist');

/** The brotli size of a built file: its `.br` beside it, or compressed here when it has none. */
function brotliBytes(pathname: string): number {
  const file = path.join(dist, decodeURIComponent(pathname));
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  if (!existsSync(file)) return 0;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

interface PageCase {
  name: string;
  path: string;
  /** what shows once the page is drawn */
  ready: string;
  /** KB of brotli JavaScript allowed; null: measured, no limit */
  limit: number | null;
  signedIn?: boolean;
}

const product = await startBenchProduct(port);
try {
  const player = await registerPlayer(product.url);
  const key = await createApiKey(product.url);
  const payment = await json<{ paymentId: string }>(
    await post(`${product.url}/api/v1/payments`, { userId: player.userId, priceId: 'ft-coins-100' }, { authorization: `Bearer ${key}` }),
  );
  const pages: PageCase[] = [
    // The limits of JavaScript on the wire with React 19 (the catalogue and game pages arrive rendered).
    { name: 'catalogue', path: '/games/en/', ready: 'a[href*="/games/en/"]', limit: 115 },
    { name: 'game page', path: '/games/en/familytown/', ready: '#game-title', limit: 120 },
    { name: 'e-mail login', path: '/session/login/email', ready: 'input[type="password"]', limit: 135 },
    { name: 'registration', path: '/session/registration', ready: 'input[type="password"]', limit: 135 },
    {
      name: 'payment',
      path: `/payments/process/${payment.paymentId}`,
      ready: 'main, [role="dialog"], button',
      limit: null,
      signedIn: true,
    },
    { name: 'support', path: '/support/tickets', ready: 'main', limit: null },
  ];
  const only = process.env.BENCH_PAGES?.split(',');

  const browser = await launchChromium();
  const rows: string[] = [];
  const lists: string[] = [];
  let over = 0;
  try {
    for (const page of pages.filter((p) => !only || only.some((name) => p.name.startsWith(name)))) {
      const context = page.signedIn ? await playerContext(browser, player) : await browser.newContext();
      const tab = await context.newPage();
      const scripts = new Map<string, number>();
      tab.on('request', (request) => {
        if (request.resourceType() !== 'script' || request.frame() !== tab.mainFrame()) return;
        const url = new URL(request.url());
        if (url.origin === product.url) scripts.set(url.pathname, brotliBytes(url.pathname));
      });
      await tab.goto(product.url + page.path, { waitUntil: 'load' });
      const drawn = await tab
        .locator(page.ready)
        .first()
        .waitFor({ state: 'attached', timeout: 20_000 })
        .then(() => true)
        .catch(() => false);
      const landed = new URL(tab.url()).pathname;
      // Whatever the drawn page still loads by itself (lazy parts it shows at once).
      await tab.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await tab.waitForTimeout(500);
      await context.close();

      const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
      const fails = page.limit !== null && total > page.limit * 1024;
      if (fails) over += 1;
      const limit = page.limit === null ? '—' : `${page.limit} KB`;
      rows.push(
        `${page.name.padEnd(14)} ${kb(total).padStart(9)} ${String(scripts.size).padStart(6)} ${limit.padStart(8)}  ${fails ? 'OVER' : 'ok'}`,
      );
      lists.push(`${page.name} (${page.path}${landed === page.path ? '' : ` -> ${landed}`})${drawn ? '' : ' not drawn'}`);
      for (const [file, bytes] of [...scripts].sort((a, b) => b[1] - a[1])) lists.push(`  ${kb(bytes).padStart(9)}  ${file}`);
    }
  } finally {
    await browser.close();
  }
  if (process.env.BENCH_FILES) for (const line of lists) console.log(line);
  console.log('JavaScript on the wire (brotli), cold cache');
  console.log('page                 size  files    limit');
  for (const row of rows) console.log(row);
  if (over > 0) process.exitCode = 1;
} finally {
  await product.stop();
}
