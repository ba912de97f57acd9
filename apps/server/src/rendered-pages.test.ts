import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { ZConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { ZGameRecord } from '@portal/contracts/control';
import { solveAltcha } from '../test/altcha.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../test/databases.ts';
import { freePort } from '../test/ports.ts';
import { startSmtpServer } from '../test/smtp.ts';

const ADMIN = { email: 'admin@rendered-pages.example', password: 'Admin-rendered-1' };
/** The web build the server renders with: the client's files and, beside them, the server render. */
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const SSR_ENTRY = path.join(path.dirname(WEB_DIST), 'dist-ssr', 'entry-server.js');
const GAME_PAGE = '/games/en/familytown/';
const HOSTILE = '</script><script>alert(1)</script>';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

/** The parts of a page: what the markup in `#root` is, the page-state JSON, the head's tags. */
function partsOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const rootStart = html.indexOf('<div id="root"');
  const stateMatch = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html);
  const rootEnd = stateMatch ? html.indexOf(stateMatch[0]) : html.length;
  return { head, root: rootStart >= 0 ? html.slice(rootStart, rootEnd) : '', state: stateMatch?.[1] ?? null };
}

const ogTitleOf = (html: string) => /<meta property="og:title" content="([^"]*)">/.exec(html)?.[1] ?? null;

/**
 * The public pages rendered on the server, on two server processes over one PostgreSQL as a
 * deployment runs them: the same page from either, a catalogue edit through one reaching the
 * other's rendered pages (LISTEN/NOTIFY), text from the console escaped in markup and state,
 * revalidation by ETag, the unrendered and hostile requests, and the catalogue's head.
 */
describe.skipIf(SKIP_POSTGRES)('server-rendered public pages on two processes', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let log = '';
  let staffAuth: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) {
      throw new Error(`the web build has no server render at ${SSR_ENTRY}: run npm run build first`);
    }
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      throw new Error(`the web app is not built at ${WEB_DIST}: run npm run build first`);
    }
    database = await createPostgresDatabase();
    smtp = await startSmtpServer();
    // One data folder: both processes share its keys (staff tokens, ALTCHA), as one deployment.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-rendered-pages-'));
    const ports = [await freePort(), await freePort()];
    // One site: both processes have the same public address, as behind a balancer.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (const [i, port] of ports.entries()) {
      const base = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          WEB_DIST_DIR: WEB_DIST,
          SMTP_URL: smtp.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ALTCHA_MAX_NUMBER: '2000',
          AUTH_RATE_LIMIT_MAX: '1000',
          UPLOAD_MIN_FREE_BYTES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      children.push(child);
      // One after the other: the first migrates and seeds the demo catalogue.
      for (;;) {
        if (child.exitCode !== null) throw new Error(`process ${i} stopped: ${log}`);
        if ((await fetch(`${base}/health/ready`).catch(() => undefined))?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      bases.push(base);
    }
    staffAuth = await staffLogin();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await smtp?.close();
    await database?.drop();
  });

  const A = () => bases[0]!;
  const B = () => bases[1]!;

  /**
   * A GET as a browser or crawler sends it (node:http: fetch cannot set `Host`, which names the
   * site; behind a balancer both processes see the same one). No Accept-Encoding: plain bytes.
   */
  const page = (base: string, url: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    new Promise<Page>((resolve, reject) => {
      const request = http.get(`${base}${url}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(
              Object.entries(response.headers).flatMap(([name, value]): Array<[string, string]> =>
                value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
              ),
            ),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
    });
  /** The host name and port of process A: the site's name when B is asked for A's pages. */
  const hostOfA = () => new URL(A()).host;

  /** A JSON call to process A. */
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${A()}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, text, json };
  };

  /** The admin signs in to the staff console on process A (with the robot check if the server asks for it). */
  async function staffLogin(): Promise<Record<string, string>> {
    let signedIn = await call('POST', '/api/staff/login', ADMIN);
    if (signedIn.status === 403 && (signedIn.json as { code?: string } | null)?.code === 'CAPTCHA_REQUIRED') {
      const challenge = (await call('GET', '/api/auth/captcha-challenge')).json as TCaptchaChallenge;
      signedIn = await call('POST', '/api/staff/login', { ...ADMIN, altcha: await solveAltcha(challenge) });
    }
    expect(signedIn.status, signedIn.text).toBe(200);
    return { authorization: `Bearer ${(signedIn.json as { token: string }).token}` };
  }

  const familytown = async () => {
    const read = await call('GET', '/api/staff/catalog/projects/familytown', undefined, staffAuth);
    expect(read.status, read.text).toBe(200);
    return ZConsoleProjectDetail.parse((read.json as { data: unknown }).data);
  };

  /** The console's page-metadata edit: the project's English OG title. */
  const setEnglishOgTitle = async (ogTitle: string) => {
    const { project } = await familytown();
    const saved = await call(
      'PATCH',
      '/api/staff/catalog/projects/familytown',
      { version: project.version, seoData: { ...project.seoData, en: { ...project.seoData.en, ogTitle } } },
      staffAuth,
    );
    expect(saved.status, saved.text).toBe(200);
  };

  /** The console's texts edit: the game's English name. */
  const setEnglishName = async (name: string) => {
    const { game } = await familytown();
    const en = game.localization.en;
    expect(en).toBeDefined();
    const saved = await call(
      'PATCH',
      '/api/staff/catalog/projects/familytown/game',
      { version: game.version, localization: { ...game.localization, en: { ...en!, name } } },
      staffAuth,
    );
    expect(saved.status, saved.text).toBe(200);
  };

  /** Waits (LISTEN/NOTIFY delivery takes a moment) until `check` holds for the page on `base`. */
  const pollPage = async (base: string, url: string, check: (html: string) => boolean) => {
    let last: Page | undefined;
    await expect
      .poll(
        async () => {
          last = await page(base, url);
          return last.status === 200 && check(last.text);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    return last!;
  };

  it('serves the same rendered game page from both processes, and an OG title edited on one on both', { timeout: 60_000 }, async () => {
    for (const base of [A(), B()]) {
      const served = await page(base, GAME_PAGE);
      expect(served.status, base).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^text\/html/);
      const { root, state } = partsOf(served.text);
      expect(root).toContain('<h1 id="game-title">Family Town</h1>');
      expect(ogTitleOf(served.text)).toBeTruthy();
      expect(state).not.toBeNull();
    }
    // One site behind a balancer: both processes render it byte for byte alike.
    const fromA = await page(A(), GAME_PAGE);
    const fromB = await page(B(), GAME_PAGE, { accept: 'text/html', host: hostOfA() });
    expect(fromB.status).toBe(200);
    expect(fromB.text).toBe(fromA.text);

    const ogTitle = `Family Town OG ${randomBytes(6).toString('hex')}`;
    await setEnglishOgTitle(ogTitle);
    const tag = `<meta property="og:title" content="${ogTitle}">`;

    // Process A made the edit: its very next page has the new title.
    const onA = await page(A(), GAME_PAGE);
    expect(onA.status).toBe(200);
    expect(onA.text).toContain(tag);
    expect(onA.text).toContain(`<meta name="twitter:title" content="${ogTitle}">`);
    // Process B hears of it over PostgreSQL.
    const onB = await pollPage(B(), GAME_PAGE, (html) => html.includes(tag));
    expect(onB.text).toContain(`<meta name="twitter:title" content="${ogTitle}">`);
    expect(onB.text.match(/<meta property="og:title"/g)).toHaveLength(1);
  });

  it('escapes a hostile game name in the markup, the head and the page state on both processes', { timeout: 60_000 }, async () => {
    await setEnglishName(HOSTILE);
    try {
      const escaped = escapeHtml(HOSTILE);
      const inScript = HOSTILE.replace(/</g, '\\u003c');
      expect(escaped).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(inScript).toBe('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
      for (const base of [A(), B()]) {
        const served = await pollPage(base, GAME_PAGE, (html) => html.includes(escaped));
        expect(served.text).not.toContain('<script>alert(1)');
        expect(served.text).not.toContain(HOSTILE);
        const { head, root, state } = partsOf(served.text);
        expect(root).toContain(`<h1 id="game-title">${escaped}</h1>`);
        // JSON-LD names the game in a script element: `<` as \u003c.
        expect(head).toContain(`"name":"${inScript}"`);
        expect(state).not.toBeNull();
        expect(state).toContain(inScript);
        expect(state).not.toContain('</script');
        // The state is still JSON, and reads back the name as typed.
        const parsed = JSON.parse(state!) as unknown;
        expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE).slice(1, -1));

        // The catalogue's card of the game too.
        const catalogue = await page(base, '/games/en/');
        expect(catalogue.status).toBe(200);
        expect(catalogue.text).not.toContain('<script>alert(1)');
        expect(partsOf(catalogue.text).root).toContain(escaped);
      }
    } finally {
      await setEnglishName('Family Town');
    }
    for (const base of [A(), B()]) {
      await pollPage(base, GAME_PAGE, (html) => html.includes('<h1 id="game-title">Family Town</h1>'));
    }
  });

  it('answers 304 to a matching If-None-Match, and 200 with a new ETag after an edit', { timeout: 60_000 }, async () => {
    // The site as both processes serve it (one Host), and B under its own address.
    const asked = [
      { base: A(), host: hostOfA() },
      { base: B(), host: hostOfA() },
      { base: B(), host: new URL(B()).host },
    ];
    const etags: string[] = [];
    for (const { base, host } of asked) {
      const first = await page(base, GAME_PAGE, { accept: 'text/html', host });
      expect(first.status, `${base} as ${host}`).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      etags.push(etag!);
      // The same content has the same tag on every process: a browser revalidates wherever it lands.
      if (host === hostOfA()) expect(etag).toBe(etags[0]);
      const again = await page(base, GAME_PAGE, { accept: 'text/html', host, 'if-none-match': etag! });
      expect(again.status, `${base} as ${host}`).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }

    const ogTitle = `Family Town ETag ${randomBytes(6).toString('hex')}`;
    await setEnglishOgTitle(ogTitle);
    for (const [index, { base, host }] of asked.entries()) {
      const ask = () => page(base, GAME_PAGE, { accept: 'text/html', host, 'if-none-match': etags[index]! });
      // Process A made the edit and answers with it at once; B once the notification arrives.
      let answer = await ask();
      if (base !== A()) {
        await expect
          .poll(
            async () => {
              answer = await ask();
              return answer.status === 200 && ogTitleOf(answer.text) === ogTitle;
            },
            { timeout: 10_000, interval: 100 },
          )
          .toBe(true);
      }
      expect(answer.status, `${base} as ${host}`).toBe(200);
      expect(ogTitleOf(answer.text)).toBe(ogTitle);
      const etag = answer.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(etag).not.toBe(etags[index]);
      // The new ETag revalidates in turn.
      expect((await page(base, GAME_PAGE, { accept: 'text/html', host, 'if-none-match': etag! })).status).toBe(304);
    }
  });

  it(
    'sends the client page for an unknown game, never a 5xx, escapes the query, and renders for crawlers alike',
    { timeout: 60_000 },
    async () => {
      for (const base of [A(), B()]) {
        const missing = await page(base, '/games/en/no-such-game/');
        expect(missing.status, base).toBe(404);
        expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
        expect(missing.text).toContain('<div id="root"></div>');
        expect(missing.text).not.toContain('id="page-state"');
      }
      // Odd addresses of the rendered shape: a page or a 404, never a server error.
      for (const url of [
        '/games/en/%E0%A4%A/',
        '/games/en/..%2F..%2Fapi/',
        '/games/ru/%3Cscript%3E/',
        '/prices/%3Cscript%3E?project=%3Cscript%3E',
      ]) {
        const odd = await page(A(), url);
        expect(odd.status, url).toBeLessThan(500);
        expect(odd.text, url).not.toContain('<script>');
      }

      const searched = await page(A(), '/games/en/?q=%3Cscript%3E');
      expect(searched.status).toBe(200);
      expect(searched.headers.get('content-type')).toMatch(/^text\/html/);
      expect(searched.text).not.toContain('<script>');

      const browser = await page(A(), GAME_PAGE, { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
      const crawler = await page(A(), GAME_PAGE, { accept: '*/*', 'user-agent': GOOGLEBOT });
      expect(crawler.status).toBe(200);
      expect(crawler.headers.get('content-type')).toMatch(/^text\/html/);
      expect(crawler.text).toBe(browser.text);
      expect(crawler.headers.get('etag')).toBe(browser.headers.get('etag'));
      expect(ogTitleOf(crawler.text)).toBeTruthy();
      expect(partsOf(crawler.text).root).toContain('<h1 id="game-title">Family Town</h1>');
      // The other process answers the crawler with the same page (render times aside).
      const crawlerOnB = await page(B(), GAME_PAGE, { accept: '*/*', 'user-agent': GOOGLEBOT, host: hostOfA() });
      expect(crawlerOnB.status).toBe(200);
      expect(crawlerOnB.text).toBe(browser.text);
    },
  );

  it(
    'renders the Russian catalogue with every live game, its language, canonical, alternates and ItemList',
    { timeout: 60_000 },
    async () => {
      const listed = await call('GET', '/api/control/get-games-data');
      expect(listed.status, listed.text).toBe(200);
      const games = ZGameRecord.array()
        .parse((listed.json as { data: unknown }).data)
        .filter((game) => !game.mainData.outOfCatalog && game.web_page);
      expect(games.map((game) => game.project)).toEqual(expect.arrayContaining(['familytown', 'neuroarena', 'islandm3']));
      const names = games.map((game) => (game.localization.ru ?? game.localization.en)?.name ?? game.project);

      for (const base of [A(), B()]) {
        const catalogue = await page(base, '/games/ru/');
        expect(catalogue.status, base).toBe(200);
        expect(catalogue.headers.get('content-type')).toMatch(/^text\/html/);
        const { head, root } = partsOf(catalogue.text);
        for (const name of names) expect(root, name).toContain(escapeHtml(name));
        expect(catalogue.text).toMatch(/<html lang="ru">/);
        const link = (attributes: string) => new RegExp(`<link ${attributes}[^>]*>`);
        expect(head).toMatch(link(`rel="canonical" href="${escapeRegExp(`${base}/games/ru/`)}"`));
        expect(head).toMatch(link(`rel="alternate" hreflang="ru" href="${escapeRegExp(`${base}/games/ru/`)}"`));
        expect(head).toMatch(link(`rel="alternate" hreflang="en" href="${escapeRegExp(`${base}/games/en/`)}"`));

        const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(head)?.[1];
        expect(ld).toBeDefined();
        const structured = JSON.parse(ld!) as { '@type': string; itemListElement: Array<{ name: string; url: string }> };
        expect(structured['@type']).toBe('ItemList');
        expect(structured.itemListElement.map((item) => item.name)).toEqual(names);
        expect(structured.itemListElement.map((item) => item.url)).toEqual(games.map((game) => `${base}/games/ru/${game.project}/`));
      }
    },
  );
});
