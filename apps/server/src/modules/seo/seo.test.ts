import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataOf, ZGameRecord } from '@portal/contracts/control';
import { RESULT_PAGE_PATHS } from '@portal/contracts/message-types';
import { isServerPath } from '@portal/contracts/server-paths';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/app.ts';
import { games, projects } from '../../db/schema.ts';
import { staffHeaders } from '../payments/testing/helpers.ts';
import { DISALLOWED_PREFIXES, createSeoService, escapeXml, sitemapXml } from './service.ts';

const ADMIN = { email: 'admin@seo.example', password: 'admin-password-1' };
const SITE = 'http://localhost:8080';
const HOST = { host: 'localhost:8080' };

const ENTITY_VALUES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITY_VALUES[name] ?? '');

/**
 * A check of the XML this module writes (no parser among the server's dependencies): tags of
 * plain names with double-quoted attributes, balanced; every `&` an entity; no markup in text.
 */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
  const tag = /<(\/?)([a-z]+(?::[a-z]+)?)((?:\s+[a-z]+(?::[a-z]+)?="[^"<>]*")*)\s*(\/?)>/gi;
  const body = xml.slice(xml.indexOf('?>') + 2);
  const open: string[] = [];
  let text = '';
  let last = 0;
  for (const match of body.matchAll(tag)) {
    text += body.slice(last, match.index);
    last = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (closing) expect(open.pop(), `</${name}>`).toBe(name);
    else if (!selfClosing) open.push(name);
  }
  text += body.slice(last);
  expect(open).toEqual([]);
  expect(text).not.toMatch(/[<>"]/);
}

type Url = { loc: string; alternates: Record<string, string> };

/** The sitemap's `<url>` entries: each loc and its hreflang alternates, unescaped. */
function urlsOf(xml: string): Url[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: unescapeXml(/<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? ''),
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map(([, lang = '', href = '']) => [
        unescapeXml(lang),
        unescapeXml(href),
      ]),
    ),
  }));
}

/** How a crawler reads our robots.txt: a path is off limits when it starts with a Disallow value. */
function disallowedBy(robots: string): (pathname: string) => boolean {
  const prefixes = robots
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length));
  return (pathname) => prefixes.some((prefix) => pathname.startsWith(prefix));
}

const gamePages = (site: string, project: string) => [`${site}/games/ru/${project}/`, `${site}/games/en/${project}/`];
const alternatesOf = (site: string, pathIn: (lng: string) => string) => ({
  ru: `${site}${pathIn('ru')}`,
  en: `${site}${pathIn('en')}`,
  'x-default': `${site}${pathIn('en')}`,
});

/** A stand-in for the web build, with a robots.txt of its own that must never be the answer. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-seo-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return dist;
}

describe('sitemap.xml and robots.txt', () => {
  let app: FastifyInstance;
  let staff: Record<string, string>;
  const get = (url: string, headers: Record<string, string> = HOST) => app.inject({ method: 'GET', url, headers });
  const sitemap = async (headers: Record<string, string> = HOST) => {
    const res = await get('/sitemap.xml', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const edit = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: staff, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ data: { version: number } }>().data;
  };

  beforeAll(async () => {
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEB_DIST_DIR: fakeDist(), JOB_POLL_INTERVAL_MS: '3600000' },
      { seed: true },
    );
    staff = await staffHeaders(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the catalogue and every live game in ru and en with their alternates, and their price lists', async () => {
    const res = await get('/sitemap.xml', { ...HOST, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).not.toContain('<div id="root">');
    expectWellFormed(res.body);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    // No reliable time of a change is kept: no lastmod rather than a made-up one.
    expect(res.body).not.toContain('lastmod');

    const urls = urlsOf(res.body);
    expect(urls.map((url) => url.loc)).toEqual([
      `${SITE}/games/ru/`,
      `${SITE}/games/en/`,
      ...gamePages(SITE, 'familytown'),
      ...gamePages(SITE, 'neuroarena'),
      `${SITE}/prices/familytown?project=familytown`,
      `${SITE}/prices/neuroarena?project=neuroarena`,
    ]);
    const catalogue = alternatesOf(SITE, (lng) => `/games/${lng}/`);
    const familytown = alternatesOf(SITE, (lng) => `/games/${lng}/familytown/`);
    expect(urls[0]?.alternates).toEqual(catalogue);
    expect(urls[1]?.alternates).toEqual(catalogue);
    expect(urls[2]?.alternates).toEqual(familytown);
    expect(urls[3]?.alternates).toEqual(familytown);
    // The price list's path carries no language: the page speaks the visitor's.
    expect(urls.at(-1)?.alternates).toEqual({});

    // The same games as the portal's catalogue, those whose page opens (islandm3 is in development).
    const listed = dataOf(z.array(ZGameRecord)).parse((await get('/api/control/get-games-data')).json()).data;
    const open = listed.filter((game) => game.web_page?.isActive && !game.web_page.inDevelop).map((game) => game.project);
    expect(open).toEqual(['familytown', 'neuroarena']);
    expect(listed.map((game) => game.project)).toContain('islandm3');
  });

  it('answers HEAD, and a query string changes nothing', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/sitemap.xml', headers: HOST });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.body).toBe('');
    expect((await get('/sitemap.xml?x=1&y=<2>')).body).toBe(await sitemap());
  });

  it('leaves an out-of-catalogue game off the catalogue host; its own host lists its single page only', async () => {
    expect(await sitemap()).not.toContain('afterdark');

    const own = await sitemap({ host: 'afterdark.localhost:8080' });
    expectWellFormed(own);
    const site = 'http://afterdark.localhost:8080';
    const single = alternatesOf(site, (lng) => `/games/${lng}/`);
    expect(urlsOf(own)).toEqual([
      { loc: `${site}/games/ru/`, alternates: single },
      { loc: `${site}/games/en/`, alternates: single },
    ]);
    const robots = await get('/robots.txt', { host: 'afterdark.localhost:8080' });
    expect(robots.body).toContain(`\nSitemap: ${site}/sitemap.xml\n`);

    // A catalogue project's own host name shows the catalogue, on that host.
    const mirror = urlsOf(await sitemap({ host: 'Neuroarena.Localhost:8080' })).map((url) => url.loc);
    expect(mirror).toContain('http://neuroarena.localhost:8080/games/en/familytown/');
    expect(mirror).not.toContain('http://neuroarena.localhost:8080/games/en/afterdark/');
  });

  it('drops a game archived in the console at the next request, and brings it back when restored', async () => {
    // Read once first, so the catalogue is cached when the edit comes.
    expect(await sitemap()).not.toContain('starfall');
    await edit('POST', '/api/staff/catalog/projects', { name: 'starfall' });
    const detail = await get('/api/staff/catalog/projects/starfall', { ...HOST, ...staff });
    let game = detail.json<{ data: { game: { version: number } } }>().data.game;
    game = await edit('PATCH', '/api/staff/catalog/projects/starfall/game', {
      version: game.version,
      localization: { en: { name: 'Starfall', cardDescription: 'Stars', fullDescription: 'Stars fall' } },
      webPage: {
        cardBackgroundColor: null,
        cardLogoImage: 'starfall-logo.png',
        footerBackgroundColor: null,
        inDevelop: false,
        isActive: true,
        iframeUrl: 'https://starfall.example/play',
        projectBackgroundFile: 'starfall-bg.png',
        gameImage: 'starfall.png',
      },
    });
    const pages = [...gamePages(SITE, 'starfall'), `${SITE}/prices/starfall?project=starfall`];
    // A live game without anything on sale has a page but no price list.
    let locs = urlsOf(await sitemap()).map((url) => url.loc);
    expect(locs).toEqual(expect.arrayContaining(gamePages(SITE, 'starfall')));
    expect(locs).not.toContain(`${SITE}/prices/starfall?project=starfall`);

    await edit('POST', '/api/staff/catalog/projects/starfall/prices', { id: 'sf-10', enTitle: '10 stars', ruValue: 99, enValue: 1.99 });
    locs = urlsOf(await sitemap()).map((url) => url.loc);
    expect(locs).toEqual(expect.arrayContaining(pages));

    game = await edit('PATCH', '/api/staff/catalog/projects/starfall/game', { version: game.version, archived: true });
    const archived = await sitemap();
    expect(archived).not.toContain('starfall');
    expectWellFormed(archived);

    await edit('PATCH', '/api/staff/catalog/projects/starfall/game', { version: game.version, archived: false });
    expect(urlsOf(await sitemap()).map((url) => url.loc)).toEqual(expect.arrayContaining(pages));
  });

  it('escapes what it writes: a name stored by hand with XML and URL characters stays well-formed', async () => {
    const name = `o'neil&<co>"x`;
    await app.database.db.insert(projects).values({ name, sortOrder: 999 });
    await app.database.db.insert(games).values({
      project: name,
      webPage: {
        cardBackgroundColor: null,
        cardLogoImage: 'logo.png',
        footerBackgroundColor: null,
        inDevelop: false,
        isActive: true,
        iframeUrl: 'https://odd.example/',
        projectBackgroundFile: 'bg.png',
        gameImage: 'game.png',
      },
    });
    app.catalogCache.invalidate();
    try {
      const xml = await sitemap();
      expectWellFormed(xml);
      const odd = urlsOf(xml).find((url) => url.loc.includes('neil'));
      expect(odd?.loc).toBe(`${SITE}/games/ru/${encodeURIComponent(name)}/`);
      expect(odd?.alternates.en).toBe(`${SITE}/games/en/${encodeURIComponent(name)}/`);
      expect(xml).toContain(`<loc>${SITE}/games/ru/o&apos;neil%26%3Cco%3E%22x/</loc>`);
    } finally {
      await app.database.db.delete(projects).where(eq(projects.name, name));
      app.catalogCache.invalidate();
    }
  });

  it('robots.txt opens the public pages, closes the API, staff, account, sign-in, payment and support paths, and names the sitemap', async () => {
    const res = await get('/robots.txt', { ...HOST, accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${SITE}/sitemap.xml`]);
    // Not the web build's own robots.txt, which closes everything.
    expect(lines).not.toContain('Disallow: /');

    const closed = disallowedBy(res.body);
    for (const pathname of [
      '/staff',
      '/staff/catalog/familytown',
      '/api/control/get-games-data',
      '/api/staff/login',
      '/passport/google?state=x',
      '/session/login',
      '/session/registration',
      '/auth/recovery-password',
      '/account/profile',
      '/payments/process/abc',
      '/payments/stripe/abc',
      '/support/tickets',
      '/transactions',
      '/transactions/help?id=x',
      '/dev/mail',
      ...Object.values(RESULT_PAGE_PATHS),
    ]) {
      expect(closed(pathname), pathname).toBe(true);
    }
    const sitemapPaths = urlsOf(await sitemap()).map((url) => new URL(url.loc).pathname);
    for (const pathname of [
      ...sitemapPaths,
      '/',
      '/games/en/',
      '/prices/familytown',
      '/docs/EnPublicOffer.html',
      '/images/x.svg',
      '/sitemap.xml',
    ]) {
      expect(closed(pathname), pathname).toBe(false);
    }
  });

  it("closes every web page outside the catalogue, game pages and price lists (held to the web app's paths)", () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    const patterns = [
      ...[...read('apps/web/src/shared/paths.ts').matchAll(/\bpath: '(\/[^']*)'/g)],
      ...[...read('apps/web/src/app/router.tsx').matchAll(/\bpath: '(\/[^']*)'/g)],
    ].map(([, pattern = '']) => pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/games/:lng/:projectName/', '/prices/:project?', '/staff/*']));
    const publicPage = (pattern: string) => pattern === '/' || /^\/(games|prices)(\/|$)/.test(pattern);
    const closed = (pattern: string) => DISALLOWED_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`));
    expect(patterns.filter((pattern) => !publicPage(pattern) && !closed(pattern))).toEqual([]);
    expect(patterns.filter((pattern) => publicPage(pattern) && closed(pattern))).toEqual([]);
    // The server's own paths among them are those the dev proxy forwards too.
    expect(DISALLOWED_PREFIXES.filter((prefix) => isServerPath(prefix))).toEqual(['/api', '/passport', '/local-oidc', '/dev']);
  });

  it('never echoes a made-up host and never fails, whatever the Host header says', async () => {
    const hosts = [
      'evil.example',
      'evil.example:8080',
      'localhost:99999',
      'localhost:8080:1',
      'localhost:abc',
      'localhost.',
      'user@localhost',
      'localhost/x',
      '[::1]:8080',
      '127.0.0.1',
      `${'a'.repeat(300)}.example`,
      '<script>',
      'a"b',
      'a&b',
      '%00',
      ' ',
    ];
    for (const host of hosts) {
      for (const url of ['/sitemap.xml', '/robots.txt']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { host, 'x-forwarded-host': 'forged.example', 'x-forwarded-proto': 'https' },
        });
        expect(res.statusCode, `${url} Host: ${host}`).toBe(200);
        // The origins the answer names, past the sitemap's namespace declarations.
        const named = [...res.body.replace(/<urlset [^>]*>/, '').matchAll(/https?:\/\/[^/<"\s]+/g)].map(([origin]) => unescapeXml(origin));
        expect(new Set(named), `${url} Host: ${host}`).toEqual(new Set([SITE]));
      }
    }
    // Upper case is the same host name.
    expect(urlsOf(await sitemap({ host: 'LOCALHOST:8080' }))[0]?.loc).toBe(`${SITE}/games/ru/`);
  });
});

describe('behind a trusted proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ TRUST_PROXY: '1' }, { seed: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("writes the proxy's scheme and host when the host is the portal's; anything else falls back", async () => {
    const sitemapOf = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: '10.0.0.5:8080', ...headers } });
      expect(res.statusCode).toBe(200);
      return urlsOf(res.body).map((url) => url.loc);
    };
    expect(await sitemapOf({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'afterdark.localhost' })).toEqual([
      'https://afterdark.localhost/games/ru/',
      'https://afterdark.localhost/games/en/',
    ]);
    expect((await sitemapOf({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost:443' }))[0]).toBe('https://localhost/games/ru/');
    expect((await sitemapOf({ 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'localhost' }))[0]).toBe('http://localhost/games/ru/');
    expect((await sitemapOf({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'forged.example' }))[0]).toBe(`${SITE}/games/ru/`);
  });
});

describe('in production', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Its own empty database: production never seeds the demo catalogue.
    app = await buildTestApp(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://portal.example' },
      { jobs: false, databaseUrl: 'memory://' },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists no demo game, and writes https for the https deployment whatever the request came over', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'portal.example' } });
    expect(res.statusCode).toBe(200);
    expect(urlsOf(res.body).map((url) => url.loc)).toEqual(['https://portal.example/games/ru/', 'https://portal.example/games/en/']);
    expect(res.body).not.toMatch(/familytown|neuroarena|islandm3|afterdark|demo-games/);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'portal.example' } });
    expect(robots.body).toContain('\nSitemap: https://portal.example/sitemap.xml\n');
  });
});

describe('escapeXml and sitemapXml', () => {
  it('escapes the five markup characters and drops what XML cannot hold', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('a\u0000b\u001fc\ud800d\ufffe\te')).toBe('abcd\te');
    expect(escapeXml('Звездопад 🌟')).toBe('Звездопад 🌟');
  });

  it('round-trips any text that XML can hold, leaving no markup character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeXml(text);
        const kept = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
        return !/[<>"']/.test(escaped) && !escaped.replace(/&(amp|lt|gt|quot|apos);/g, '').includes('&') && unescapeXml(escaped) === kept;
      }),
    );
  });

  it('writes well-formed XML for hostile values', () => {
    const evil = `https://x.example/"><script>alert('&')</script>`;
    const xml = sitemapXml([{ loc: evil, alternates: [{ hreflang: `"en'`, href: evil }] }]);
    expectWellFormed(xml);
    expect(urlsOf(xml)).toEqual([{ loc: evil, alternates: { [`"en'`]: evil } }]);
    expect(sitemapXml([])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n</urlset>\n',
    );
  });
});

describe('robots.txt while the catalogue cannot be read', () => {
  it("still answers, naming the sitemap of PUBLIC_URL's host name only, and tells why", async () => {
    const errors: unknown[] = [];
    const service = createSeoService({
      cache: { snapshot: () => Promise.reject(new Error('database away')) },
      publicOrigin: 'https://portal.example',
      defaultProject: 'familytown',
      onCatalogueError: (error) => errors.push(error),
    });
    const site = (host: string) => ({ protocol: 'http', host, hostname: host.split(':')[0] ?? '' });
    expect(await service.robots(site('portal.example'))).toContain('\nSitemap: https://portal.example/sitemap.xml\n');
    expect(await service.robots(site('afterdark.example'))).toContain('\nSitemap: https://portal.example/sitemap.xml\n');
    expect(errors).toHaveLength(2);
    await expect(service.sitemap(site('portal.example'))).rejects.toThrow('database away');
  });
});
