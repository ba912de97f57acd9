import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, isServerPath, type PagePreload } from '@portal/contracts/server-paths';
import { buildTestApp } from '../../test/app.ts';
import { likelyPageLanguage, pagePreloadLinks, readPagePreloads } from './static-files.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const PAGES: PagePreload[] = [
  { path: '/games/:lng/', js: ['/assets/catalogue-1.js'], css: [] },
  { path: '/games/:lng/:projectName/', js: ['/assets/game-1.js', '/assets/frame-1.js'], css: ['/assets/game-1.css'] },
  { path: '/session/login/:session?/:source?/:locale?/:project?/:jwt?', js: ['/assets/login-1.js'], css: [] },
  { path: '/session/login/email/:session?/:source?', js: ['/assets/email-login-1.js', '/assets/form-1.js'], css: ['/assets/form-1.css'] },
];

/** A stand-in for `vite build` output. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'locales/en'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dist, 'locales/en/translation.json'), '{"hello":"Hello"}');
  mkdirSync(path.join(dist, 'static_files'));
  writeFileSync(path.join(dist, 'static_files/manifest.webmanifest'), '{"name":"Game Portal"}');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), JSON.stringify(PAGES));
  return dist;
}

describe('static files with a built web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: fakeDist() });
  });
  afterAll(() => app.close());

  it('falls back to index.html for client routes, never cached', async () => {
    for (const url of ['/', '/games/en/', '/games/ru/familytown/', '/prices/familytown/', '/support/tickets?x=1']) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('hints the translations of the likely page language (path, then browser) for preloading', async () => {
    const hint = async (url: string, acceptLanguage?: string) =>
      String(
        (await app.inject({ url, headers: { ...html, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } })).headers.link,
      )
        .split(', ')
        .find((link) => link.includes('/locales/'));
    expect(await hint('/games/ru/familytown/')).toBe('</locales/ru/translation.json>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(await hint('/session/login/email', 'de-DE,de;q=0.9,en;q=0.8')).toBe(
      '</locales/de/translation.json>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(await hint('/support/tickets')).toBe('</locales/en/translation.json>; rel=preload; as=fetch; crossorigin=anonymous');
  });

  it("hints the page's code, matched as the browser's router matches the path", async () => {
    const links = async (url: string) =>
      String((await app.inject({ url, headers: html })).headers.link)
        .split(', ')
        .slice(1);
    expect(await links('/session/login/email')).toEqual([
      '</assets/email-login-1.js>; rel=modulepreload; crossorigin=anonymous',
      '</assets/form-1.js>; rel=modulepreload; crossorigin=anonymous',
      '</assets/form-1.css>; rel=preload; as=style; crossorigin=anonymous',
    ]);
    expect(await links('/session/login/s-1/web')).toEqual(['</assets/login-1.js>; rel=modulepreload; crossorigin=anonymous']);
    expect(await links('/games/en/familytown/')).toEqual([
      '</assets/game-1.js>; rel=modulepreload; crossorigin=anonymous',
      '</assets/frame-1.js>; rel=modulepreload; crossorigin=anonymous',
      '</assets/game-1.css>; rel=preload; as=style; crossorigin=anonymous',
    ]);
    expect(await links('/games/en/')).toEqual(['</assets/catalogue-1.js>; rel=modulepreload; crossorigin=anonymous']);
    expect(await links('/support/tickets')).toEqual([]);
    expect(pagePreloadLinks([])('/games/en/')).toEqual([]);
  });

  it('serves pages without code hints when the build list is missing or broken', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    expect(readPagePreloads(dist)).toEqual([]);
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), '{"path":');
    expect(readPagePreloads(dist)).toEqual([]);
    writeFileSync(path.join(dist, PAGE_PRELOADS_FILE), '[{"path":"/a","js":"x"}]');
    expect(readPagePreloads(dist)).toEqual([]);
    rmSync(dist, { recursive: true, force: true });
  });

  it('guesses a page language as the web app picks it, the portal pages speaking ru or en only', () => {
    expect(likelyPageLanguage('/games/en/', 'ru-RU')).toBe('en');
    expect(likelyPageLanguage('/games/de/', 'ru-RU,ru;q=0.9')).toBe('ru');
    expect(likelyPageLanguage('/prices/familytown', 'ja')).toBe('en');
    expect(likelyPageLanguage('/session/login/abc/web/ko/familytown', 'ja')).toBe('ja');
    expect(likelyPageLanguage('/payments/process/p-1', 'zh-CN,zh;q=0.9')).toBe('zh');
    expect(likelyPageLanguage('/', '*')).toBe('en');
    expect(likelyPageLanguage('/', undefined)).toBe('en');
  });

  it('does not answer API, file or non-HTML misses with the page', async () => {
    expect((await app.inject({ url: '/api/nothing', headers: html })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/missing.js', headers: html })).statusCode).toBe(404);
    expect((await app.inject({ url: '/images/missing.png', headers: html })).statusCode).toBe(404);
    expect((await app.inject({ url: '/favicon-missing.png', headers: { accept: '*/*' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/games/en/', headers: html })).statusCode).toBe(404);
  });

  it('answers a client route with the page whatever the request accepts, as a static host does', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'application/json' }]) {
      const res = await app.inject({ url: '/games/en/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await app.inject({ url: '/transactions' })).statusCode).toBe(200);
  });

  it('serves the web app files under /static_files, cached for a day; a miss there is never the page', async () => {
    const manifest = await app.inject({ url: '/static_files/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
    expect(manifest.json()).toEqual({ name: 'Game Portal' });
    for (const url of ['/static_files/missing.json', '/static_files/', '/main_images/missing.svg', '/pages/missing']) {
      expect((await app.inject({ url, headers: html })).statusCode, url).toBe(404);
    }
  });

  it('answers itself only under the server prefixes the dev proxy also forwards', () => {
    // Top-level entries of the route tree; their children only extend them.
    const roots = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /^[├└]── (\S+)/.exec(line)?.[1])
      .filter((path): path is string => path !== undefined);
    expect(roots.length).toBeGreaterThan(20);
    // `/`, `*`: the web build's files; `/prices/:id/:logoName`: a price list's logo.
    const strays = roots.filter((path) => !['/', '/*', '*'].includes(path) && !isServerPath(path.replace(/:[^/]+/g, 'x.svg')));
    expect(strays).toEqual([]);
  });

  it('caches hashed assets for a year and translations briefly, compressed when asked', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const locale = await app.inject('/locales/en/translation.json');
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('static files from apps/server/assets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers 503 WEB_NOT_BUILT for pages while the web app is not built', async () => {
    const res = await app.inject({ url: '/games/en/', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'WEB_NOT_BUILT' });
  });

  it('serves the legal documents and refuses anything else under /docs', async () => {
    const doc = await app.inject('/docs/EnPublicOffer.html');
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('text/html');
    expect(doc.body).toContain('docs.css');
    const css = await app.inject('/docs/docs.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    for (const url of ['/docs/../x.json', '/docs/..%2Fpackage.json', '/docs/%2e%2e/x.html', '/docs/Nope.html', '/docs/a.b.html']) {
      const res = await app.inject({ url, headers: { accept: '*/*' } });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('serves images and the demo games', async () => {
    const icon = await app.inject('/images/social/vk.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    const game = await app.inject('/demo-games/familytown/index.html');
    expect(game.statusCode).toBe(200);
    expect(game.headers['content-type']).toContain('text/html');
  });
});
