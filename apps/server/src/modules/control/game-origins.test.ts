import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { dataOf, ZInitialConfig, type TWebPage } from '@portal/contracts/control';
import { games, projects } from '../../db/schema.ts';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import type { GameRow, ProjectRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffHeaders } from '../payments/testing/helpers.ts';
import { extraOriginsOf } from './editor.ts';
import { catalogueOrigins, createGameOrigins } from './game-origins.ts';
import type { CatalogSnapshot } from './repository.ts';

const page = (iframeUrl: string): TWebPage => ({
  iframeUrl,
  inDevelop: false,
  isActive: true,
  cardLogoImage: '',
  gameImage: '',
  projectBackgroundFile: '',
  cardBackgroundColor: null,
  footerBackgroundColor: null,
});

/** A game's address and extra origins, edited in the console, become origins the portal trusts. */
describe.each(backends)('game origins over $name', (backend) => {
  const ADMIN = { email: 'admin@origins.example', password: 'admin-password-1' };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;

  const allowedOrigins = async () => {
    const res = await app.inject('/api/control/get-initial-config');
    return dataOf(ZInitialConfig).parse(res.json()).data.allowedOrigins;
  };
  /** frame-src and frame-ancestors of any answer's Content-Security-Policy. */
  const framing = async () => {
    const res = await app.inject('/api/control/get-games-data');
    const directives = new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    return {
      src: directives.get('frame-src'),
      ancestors: directives.get('frame-ancestors'),
      corp: res.headers['cross-origin-resource-policy'],
    };
  };
  const game = async () =>
    ZConsoleProjectDetail.parse(
      (await app.inject({ url: '/api/staff/catalog/projects/skyport', headers: admin })).json<{ data: unknown }>().data,
    ).game;
  const saveGame = async (patch: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/staff/catalog/projects/skyport/game',
      headers: admin,
      payload: { version: (await game()).version, ...patch },
    });

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ALLOWED_GAME_ORIGINS: 'https://games.example.com' },
      { database: testDb.database, jobs: false },
    );
    admin = await staffHeaders(app, ADMIN.email, ADMIN.password);
    const created = await app.inject({ method: 'POST', url: '/api/staff/catalog/projects', headers: admin, payload: { name: 'skyport' } });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('through the console', () => {
    it('adds the address origin and the extra origins to the initial config and the CSP at once', async () => {
      // The demo games live on the portal itself: only the configured host at first.
      expect(await allowedOrigins()).toEqual(['http://localhost:8080', 'https://games.example.com']);
      const saved = await saveGame({
        webPage: page('https://play.skyport.example/game/index.html?mode=web'),
        extraOrigins: [
          ' https://CDN.Skyport.example ',
          'https://second.example:443/',
          'https://cdn.skyport.example',
          'http://localhost:5173',
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Stored the way browsers send them, each once.
      expect(saved.json().data.extraOrigins).toEqual(['https://cdn.skyport.example', 'https://second.example', 'http://localhost:5173']);
      expect((await game()).extraOrigins).toEqual(['https://cdn.skyport.example', 'https://second.example', 'http://localhost:5173']);

      const games = [
        'https://games.example.com',
        'https://play.skyport.example',
        'https://cdn.skyport.example',
        'https://second.example',
        'http://localhost:5173',
      ];
      expect(await allowedOrigins()).toEqual(['http://localhost:8080', ...games]);
      const { src, ancestors, corp } = await framing();
      expect(ancestors).toEqual(["'self'", ...games]);
      expect(src?.slice(0, games.length + 1)).toEqual(["'self'", ...games]);
      expect(corp).toBe('cross-origin');
    });

    it('takes them away when the game is archived, keeping ALLOWED_GAME_ORIGINS', async () => {
      expect(await allowedOrigins()).toContain('https://play.skyport.example');
      const archived = await saveGame({ archived: true });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(await allowedOrigins()).toEqual(['http://localhost:8080', 'https://games.example.com']);
      const { src, ancestors } = await framing();
      expect(ancestors).toEqual(["'self'", 'https://games.example.com']);
      expect(src?.join(' ')).not.toContain('skyport');
      // Back in the catalogue, back in the list.
      expect((await saveGame({ archived: false })).statusCode).toBe(200);
      expect(await allowedOrigins()).toContain('https://cdn.skyport.example');
    });

    it('refuses what is not an exact origin with a 400 naming the entry, saving nothing', async () => {
      const before = await game();
      const bad = [
        // A host that would split a header: new URL() keeps "," and ";" in a host name.
        'https://a.example,b',
        'https://a.example;b/',
        'https://a.example b',
        'https://cdn.skyport.example/assets',
        'https://*.skyport.example',
        '*',
        'ftp://files.skyport.example',
        'cdn.skyport.example',
        'https://cdn.skyport.example?x=1',
        'https://cdn.skyport.example/#top',
        'https://user:secret@cdn.skyport.example',
        '',
      ];
      for (const entry of bad) {
        const res = await saveGame({ webPage: page('https://elsewhere.example/'), extraOrigins: ['https://fine.example', entry] });
        expect(res.statusCode, entry).toBe(400);
        const body = res.json<{ code: string; message: string }>();
        expect(body.code, entry).toBe('VALIDATION_ERROR');
        expect(body.message, entry).toMatch(/^body\.extraOrigins\.1: /);
      }
      const tooMany = await saveGame({ extraOrigins: Array.from({ length: 21 }, (_, i) => `https://cdn${i}.example`) });
      expect(tooMany.statusCode).toBe(400);
      expect(await game()).toEqual(before);
    });

    it('refuses a game address, image or link that is no http(s) address on a plain host or site path', async () => {
      const before = await game();
      const addresses = [
        'https://a.example,b/index.html',
        'https://a.example;b/',
        'https://*/x',
        'https://*.example/x',
        'javascript:alert(document.domain)',
        'data:text/html,<script>alert(1)</script>',
        '//evil.example/game',
        'https://user:pw@game.example/',
        'game.example/index.html',
      ];
      for (const address of addresses) {
        const res = await saveGame({ webPage: page(address) });
        expect(res.statusCode, address).toBe(400);
        expect(res.json<{ message: string }>().message, address).toMatch(/webPage\.iframeUrl/);
      }
      const images = ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '../secret.png', 'http://plain.example/x.png'];
      for (const image of images) {
        const res = await saveGame({ webPage: { ...page('/demo-games/x/'), cardLogoImage: image } });
        expect(res.statusCode, image).toBe(400);
      }
      const links = ['javascript:alert(1)', 'vbscript:x', 'https://a.example,b/'];
      for (const link of links) {
        const res = await saveGame({ socialItems: [{ fileName: '/images/social/vk.svg', link }] });
        expect(res.statusCode, link).toBe(400);
        const seo = await saveGame({ seoData: { en: { ogUrl: link } } });
        expect(seo.statusCode, link).toBe(400);
      }
      const color = await saveGame({ webPage: { ...page('/demo-games/x/'), cardBackgroundColor: 'red; background: url(x)' } });
      expect(color.statusCode).toBe(400);
      expect(await game()).toEqual(before);
      // What the portal itself serves, and https on a plain host, are fine.
      const fine = await saveGame({
        webPage: {
          ...page('https://play.skyport.example/game/?x=1'),
          cardLogoImage: 'games/skyport/logo.png',
          gameImage: 'https://cdn.example/g.png',
        },
        socialItems: [{ fileName: '/images/social/vk.svg', link: 'https://vk.com/skyport' }],
        seoData: { en: { ogUrl: '/games/en/skyport/', ogImage: '/catalog-images/og.png' } },
      });
      expect(fine.statusCode, fine.body).toBe(200);
    });

    it('keeps serving, with sane headers, when a bad origin is stored by hand', async () => {
      // Values no save can make today, written straight into the database as an older server or a
      // hand edit could have left them.
      await testDb.database.db.insert(projects).values({ name: 'poisoned' }).onConflictDoNothing();
      await testDb.database.db
        .insert(games)
        .values({
          project: 'poisoned',
          webPage: page('https://a.example,b/;frame-ancestors *'),
          extraOrigins: ['https://c.example;d', 'https://*', 'https://fine.poisoned.example'],
        })
        .onConflictDoNothing();
      app.catalogCache.invalidate();
      for (const url of [
        '/api/control/get-games-data',
        '/api/control/get-initial-config',
        '/health',
        '/api/staff/catalog/projects/poisoned',
      ]) {
        const res = await app.inject({ url, headers: url.includes('/staff/') ? admin : {} });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
      const { ancestors, src } = await framing();
      expect(ancestors).toContain('https://fine.poisoned.example');
      for (const source of [...(ancestors ?? []), ...(src ?? [])]) expect(source).toMatch(/^('self'|https?:\/\/[a-z0-9.-]+(:\d+)?)$/);
      expect(await allowedOrigins()).not.toContain('https://c.example;d');
      // The console reads the bad record back, so it can be corrected, and a save of the fix works.
      const detail = await app.inject({ url: '/api/staff/catalog/projects/poisoned', headers: admin });
      const version = detail.json<{ data: { game: { version: number } } }>().data.game.version;
      const fixed = await app.inject({
        method: 'PATCH',
        url: '/api/staff/catalog/projects/poisoned/game',
        headers: admin,
        payload: { version, webPage: page('https://poisoned.example/'), extraOrigins: [] },
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(await allowedOrigins()).toContain('https://poisoned.example');
    });

    it('refuses more than 20 extra origins', async () => {
      const before = await game();
      const tooMany = await saveGame({ extraOrigins: Array.from({ length: 21 }, (_, i) => `https://cdn${i}.example`) });
      expect(tooMany.statusCode).toBe(400);
      expect(await game()).toEqual(before);
      expect(await allowedOrigins()).not.toContain('https://elsewhere.example');
    });
  });
});

describe('the list of game origins', () => {
  const row = (project: string, fields: Partial<GameRow>): GameRow =>
    ({ project, webPage: null, archived: false, extraOrigins: [], ...fields }) as GameRow;
  const snapshot = (...games: GameRow[]): CatalogSnapshot => ({
    projects: games.map((game) => ({ name: game.project }) as ProjectRow),
    games: new Map(games.map((game) => [game.project, game])),
    prices: new Map(),
  });

  it('in production takes no plain-http address and refuses a plain-http extra origin', () => {
    const games = snapshot(row('a', { webPage: page('http://a.example/') }), row('b', { webPage: page('https://b.example/x') }));
    expect(catalogueOrigins(games, true)).toEqual(['https://b.example']);
    expect(catalogueOrigins(games, false)).toEqual(['http://a.example', 'https://b.example']);
    expect(() => extraOriginsOf(['https://ok.example', 'http://cdn.example'], true)).toThrow(AppError);
    expect(() => extraOriginsOf(['https://ok.example', 'http://cdn.example'], true)).toThrow(/^body\.extraOrigins\.1: /);
    expect(extraOriginsOf(['http://cdn.example'], false)).toEqual(['http://cdn.example']);
  });

  it('puts the portal first, never twice, and keeps the last list while the catalogue cannot be read', async () => {
    let current: Promise<CatalogSnapshot> = Promise.resolve(
      snapshot(row('a', { webPage: page('https://portal.example/games/a'), extraOrigins: ['https://cdn.example'] })),
    );
    const origins = createGameOrigins(
      { snapshot: () => current },
      { publicOrigin: 'https://portal.example', configured: ['https://host.example', 'https://portal.example'], httpsOnly: true },
    );
    expect(origins.withPortal(await current)).toEqual(['https://portal.example', 'https://host.example', 'https://cdn.example']);
    expect(await origins.current()).toEqual(['https://host.example', 'https://cdn.example']);
    current = Promise.reject(new Error('database away'));
    current.catch(() => undefined);
    expect(await origins.current()).toEqual(['https://host.example', 'https://cdn.example']);
  });
});

describe('a production instance with a bad origin stored by hand', () => {
  let app: FastifyInstance;
  const log: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://portal.example', LOG_LEVEL: 'warn' },
      { jobs: false, logStream: { write: (line) => void log.push(line) } },
    );
    const { db } = app.database;
    await db.insert(projects).values([{ name: 'poison-a' }, { name: 'poison-b' }]);
    await db.insert(games).values([
      { project: 'poison-a', webPage: page('https://a.example,b/x'), extraOrigins: ['https://ok.example'] },
      {
        project: 'poison-b',
        webPage: page('https://b.example/'),
        extraOrigins: ['https://c.example;d', 'https://*', 'http://plain.example'],
      },
    ]);
    app.catalogCache.invalidate();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 200 with headers made of the good origins only, and logs the bad ones once', async () => {
    for (let round = 0; round < 3; round++) {
      for (const url of [
        '/health',
        '/api/control/get-games-data',
        '/api/control/get-initial-config?project=poison-b',
        '/.well-known/jwks.json',
      ]) {
        const res = await app.inject(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ');
        expect(ancestors).toEqual(["'self'", 'https://ok.example', 'https://b.example']);
        expect(csp).not.toMatch(/[,*]/);
      }
    }
    const skipped = log.filter((line) => line.includes('left out'));
    expect(skipped.join('\n')).toContain('a.example,b');
    expect(skipped.join('\n')).toContain('c.example;d');
    // Once per catalogue read, not once per request.
    expect(skipped.length).toBeLessThanOrEqual(4);
  });
});
