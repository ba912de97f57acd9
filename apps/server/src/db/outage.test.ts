import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../test/databases.ts';

/**
 * A TCP relay in front of PostgreSQL that can be taken down (every connection cut, new ones
 * refused) and brought back, as a database restart or a network cut looks to the app.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = async () => {
    if (server?.listening) return;
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const down = async () => {
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  await up();
  return { port: () => port, up, down };
}

describe.skipIf(SKIP_POSTGRES)('PostgreSQL going away', () => {
  let database: { url: string; drop(): Promise<void> };
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let app: FastifyInstance;
  let auth: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const target = new URL(database.url);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port());
    app = await buildTestApp({ LOG_LEVEL: 'silent' }, { databaseUrl: viaRelay.href, jobs: false });
    const player = await app.accounts.service.signInWithIdentity('google', 'google', { providerUserId: 'outage-player' }, null);
    auth = { authorization: `Bearer ${player.jwt}` };
  }, 60_000);
  afterAll(async () => {
    await relay?.up();
    await app?.close();
    await database?.drop();
  });

  it(
    'answers 503 with Retry-After while it is away, never 500 or a hung request, and serves again once it is back',
    { timeout: 90_000 },
    async () => {
      expect((await app.inject({ url: '/api/user/get-profile', headers: auth })).statusCode).toBe(200);

      await relay.down();
      for (const url of ['/api/user/get-profile', '/api/support/get-tickets']) {
        const res = await app.inject({ url, headers: auth });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
        expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
        expect(res.headers['retry-after']).toBe('5');
      }
      expect((await app.inject('/api/health/ready')).statusCode).toBe(503);
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);

      await relay.up();
      // No restart of ours: the pool opens fresh connections by itself.
      await expect
        .poll(async () => (await app.inject({ url: '/api/user/get-profile', headers: auth })).statusCode, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(200);
      expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
    },
  );
});
