import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { dataOf, ZInitialConfig, type TWebPage } from '@portal/contracts/control';
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
