import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../../test/databases.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import type { TConsoleGame } from '@portal/contracts/catalog-console';
import { staffHeaders } from '../payments/testing/helpers.ts';

/** Two server processes (two apps, two pools) over one PostgreSQL. */
describe.skipIf(SKIP_POSTGRES)('the catalogue across processes', () => {
  const ADMIN = { email: 'admin@processes.example', password: 'admin-password-1' };
  let created: { url: string; drop(): Promise<void> };
  let databases: Database[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    databases = [await openDatabase(created.url), await openDatabase(created.url)];
    one = await buildTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { database: databases[0]!, jobs: false });
    two = await buildTestApp({}, { database: databases[1]!, seed: false, jobs: false });
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const database of databases) await database.close();
    await created?.drop();
  });

  const titles = async (app: FastifyInstance) =>
    ((await app.inject('/api/control/get-games-data')).json() as { data: Array<{ localization: { en?: { name: string } } }> }).data.map(
      (game) => game.localization.en?.name,
    );

  it('a console edit made through one process is served by the other at once, not after the cache lifetime', async () => {
    expect(await titles(two)).toContain('Family Town');
    // The edit through the console API of process one; process two serves it at once.
    const admin = await staffHeaders(one, ADMIN.email, ADMIN.password);
    const detail = await one.inject({ url: '/api/staff/catalog/projects/familytown', headers: admin });
    const game = detail.json<{ data: { game: TConsoleGame } }>().data.game;
    const saved = await one.inject({
      method: 'PATCH',
      url: '/api/staff/catalog/projects/familytown/game',
      headers: admin,
      payload: {
        version: game.version,
        localization: { ...game.localization, en: { ...game.localization.en!, name: 'Family Town Deluxe' } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => titles(two), { timeout: 10_000, interval: 100 }).toContain('Family Town Deluxe');
    expect(await titles(one)).toContain('Family Town Deluxe');
  });

  const originsOf = async (app: FastifyInstance) => {
    const res = await app.inject('/api/control/get-initial-config');
    return {
      config: res.json<{ data: { allowedOrigins: string[] } }>().data.allowedOrigins,
      csp: String(res.headers['content-security-policy']),
    };
  };

  it("a game's new extra origin is trusted by the other process at once: initial config and frame-ancestors", async () => {
    expect((await originsOf(two)).config).not.toContain('https://cdn.familytown.example');
    const admin = await staffHeaders(one, ADMIN.email, ADMIN.password);
    const detail = await one.inject({ url: '/api/staff/catalog/projects/familytown', headers: admin });
    const game = detail.json<{ data: { game: TConsoleGame } }>().data.game;
    const saved = await one.inject({
      method: 'PATCH',
      url: '/api/staff/catalog/projects/familytown/game',
      headers: admin,
      payload: { version: game.version, extraOrigins: ['https://cdn.familytown.example'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(async () => (await originsOf(two)).config, { timeout: 10_000, interval: 100 })
      .toContain('https://cdn.familytown.example');
    expect((await originsOf(two)).csp).toContain("frame-ancestors 'self' https://cdn.familytown.example");
    expect((await originsOf(one)).config).toContain('https://cdn.familytown.example');
  });
});
