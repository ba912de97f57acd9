import { brotliDecompressSync } from 'node:zlib';
import { dataOf, ZGameRecord, ZInitialConfig, ZPriceItem, ZSingleGameData } from '@portal/contracts/control';
import { ZApiError } from '@portal/contracts/errors';
import { LANGUAGES } from '@portal/contracts/languages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { prices } from '../../db/schema.ts';

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe.each(backends)('control API over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ALLOWED_GAME_ORIGINS: 'https://games.example.com' }, { database: testDb.database });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('reads', () => {
    it('get-games-data lists the catalogue in order, without out-of-catalogue projects', async () => {
      const res = await get(app, '/api/control/get-games-data');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const { data } = dataOf(z.array(ZGameRecord)).parse(res.json());
      expect(data.map((game) => game.project)).toEqual(['familytown', 'neuroarena', 'islandm3']);
      expect(data.some((game) => game.web_page?.inDevelop)).toBe(true);
      expect(data.some((game) => game.web_page?.cardBackgroundColor === null)).toBe(true);
      for (const game of data) {
        expect(Object.keys(game.localization).sort()).toEqual([...LANGUAGES].sort());
        expect(game.social.items).toHaveLength(4);
        expect(game.seoData.ru?.title).toBeTruthy();
      }
    });

    it('get-game-data returns one record and 404 GAME_NOT_FOUND for an unknown project', async () => {
      const ok = await get(app, '/api/control/get-game-data?projectName=neuroarena');
      expect(ok.statusCode).toBe(200);
      const { data } = dataOf(ZGameRecord).parse(ok.json());
      expect(data.mainData).toEqual({ projectName: 'neuroarena', outOfCatalog: false });
      expect(data.web_page?.iframeUrl).toBe('/demo-games/neuroarena/index.html');

      const missing = await get(app, '/api/control/get-game-data?projectName=nosuchgame');
      expect(missing.statusCode).toBe(404);
      expect(ZApiError.parse(missing.json()).code).toBe('GAME_NOT_FOUND');
    });

    it('rejects a malformed or missing query value with 400 naming the field', async () => {
      for (const url of [
        '/api/control/get-game-data?projectName=..%2Fetc',
        '/api/control/get-game-data',
        '/api/control/get-prices?project=' + 'x'.repeat(65),
        '/api/control/get-initial-config?project=%20',
      ]) {
        const res = await get(app, url);
        expect(res.statusCode, url).toBe(400);
        const body = ZApiError.parse(res.json());
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.message).toMatch(/projectName|project/);
      }
    });

    it('get-single-game-data answers for afterdark only', async () => {
      const ok = await get(app, '/api/control/get-single-game-data?projectName=afterdark');
      expect(ok.statusCode).toBe(200);
      const { data } = dataOf(ZSingleGameData).parse(ok.json());
      expect(data.settings.iframeSrc).toBe('/demo-games/afterdark/index.html');
      expect(data.seoData.en?.title).toContain('After Dark');

      const catalogueGame = await get(app, '/api/control/get-single-game-data?projectName=familytown');
      expect(catalogueGame.statusCode).toBe(404);
      expect(ZApiError.parse(catalogueGame.json()).code).toBe('GAME_NOT_FOUND');
    });

    it('get-prices lists a project and 404s PROJECT_NOT_FOUND with { code, message }', async () => {
      const ok = await get(app, '/api/control/get-prices?project=familytown');
      const { data } = dataOf(z.array(ZPriceItem)).parse(ok.json());
      expect(data.length).toBeGreaterThanOrEqual(4);
      expect(data[0]).toEqual({
        id: 'ft-coins-100',
        ruTitle: 'Мешок монет',
        ruValue: 79,
        enTitle: 'Bag of coins',
        enValue: 0.99,
        logoName: 'coins.svg',
        titles: { ru: 'Мешок монет', en: 'Bag of coins' },
      });

      const missing = await get(app, '/api/control/get-prices?project=nosuchproject');
      expect(missing.statusCode).toBe(404);
      expect(ZApiError.parse(missing.json())).toEqual({
        code: 'PROJECT_NOT_FOUND',
        message: 'Project "nosuchproject" not found',
      });
    });
  });

  describe.skipIf(backend.skip)('initial config', () => {
    const config = async (url: string, headers?: Record<string, string>) => {
      const res = await get(app, url, headers);
      expect(res.statusCode, url).toBe(200);
      return dataOf(ZInitialConfig).parse(res.json()).data;
    };

    it('defaults to DEFAULT_PROJECT with the project settings', async () => {
      const data = await config('/api/control/get-initial-config');
      expect(data.projects.name).toBe('familytown');
      expect(data.projects.authType).toBe('postMessage');
      expect(data.projects.paymentsMethods).toEqual(['stripe', 'yookassa', 'yandex-pay']);
      expect(data.projects.extra).toEqual([
        { id: 'backgroundColor', value: '#1d6f42' },
        { id: 'failedAttemptLimit', value: 5 },
      ]);
      expect(data.knownProjects).toEqual(['familytown', 'neuroarena', 'islandm3']);
      expect(data.allowedOrigins).toEqual(['http://localhost:8080', 'https://games.example.com']);
    });

    it('takes the project from the query, then the header, then the host name', async () => {
      expect((await config('/api/control/get-initial-config?project=neuroarena')).projects.authType).toBe('redirect');
      expect((await config('/api/control/get-initial-config', { project: 'islandm3' })).projects.name).toBe('islandm3');
      const byHost = await config('/api/control/get-initial-config', { host: 'afterdark.localhost:8080' });
      expect(byHost.mainData).toEqual({ projectName: 'afterdark', outOfCatalog: true });
      // A stale or unknown header does not break the page: the host name decides.
      const badHeader = await config('/api/control/get-initial-config', { project: 'gone', host: 'neuroarena.localhost' });
      expect(badHeader.projects.name).toBe('neuroarena');
    });

    it('404s an unknown project in the query', async () => {
      const res = await get(app, '/api/control/get-initial-config?project=nosuchproject');
      expect(res.statusCode).toBe(404);
      expect(ZApiError.parse(res.json()).code).toBe('PROJECT_NOT_FOUND');
    });
  });

  describe.skipIf(backend.skip)('caching', () => {
    it('answers 304 to a matching If-None-Match', async () => {
      const first = await get(app, '/api/control/get-games-data');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(app, '/api/control/get-games-data', { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const changed = await get(app, '/api/control/get-games-data', { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
    });

    it('sends brotli when accepted, with the same JSON inside', async () => {
      const plain = await get(app, '/api/control/get-games-data');
      const br = await get(app, '/api/control/get-games-data', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      // The compressed representation has its own tag, and still revalidates.
      const revalidated = await get(app, '/api/control/get-games-data', {
        'accept-encoding': 'br',
        'if-none-match': String(br.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
    });

    it('serves staff edits after catalogCache.invalidate()', async () => {
      await testDb.database.db.update(prices).set({ ruValue: 89 }).where(eq(prices.id, 'ft-coins-100'));
      const stale = await get(app, '/api/control/get-prices?project=familytown');
      expect(stale.json().data[0].ruValue).toBe(79);
      app.catalogCache.invalidate();
      const fresh = await get(app, '/api/control/get-prices?project=familytown');
      expect(fresh.json().data[0].ruValue).toBe(89);
      expect(fresh.headers.etag).not.toBe(stale.headers.etag);
    });
  });

  describe.skipIf(backend.skip)('price logos', () => {
    it('serves the logo named by the price and nothing else', async () => {
      const ok = await get(app, '/prices/ft-coins-100/coins.svg');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('image/svg+xml');
      expect(ok.headers['cache-control']).toContain('max-age=');
      expect((await get(app, '/prices/ft-coins-100/gems.svg')).statusCode).toBe(404);
      expect((await get(app, '/prices/nosuchprice/coins.svg')).statusCode).toBe(404);
      expect((await get(app, '/prices/ft-coins-100/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    });
  });
});
