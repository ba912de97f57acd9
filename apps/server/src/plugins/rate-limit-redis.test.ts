import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A client address of its own per run, so counters in the shared Redis never mix runs. */
const address = () => `203.0.113.${randomInt(1, 255)}`;

describe('rate limits through Redis', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  const build = async (env: Record<string, string>, lines?: string[]) => {
    const app = await buildTestApp(
      { RATE_LIMIT_MAX: '6', LOG_LEVEL: lines ? 'warn' : 'silent', ...env },
      lines ? { logStream: { write: (line) => void lines.push(line) } } : {},
    );
    apps.push(app);
    return app;
  };
  const hit = (app: FastifyInstance, remoteAddress: string) => app.inject({ url: '/api/control/get-games-data', remoteAddress });

  it('two processes share one count', async () => {
    const [one, two] = [await build({ REDIS_URL }), await build({ REDIS_URL })];
    const from = `${address()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await hit(i % 2 === 0 ? one! : two!, from)).statusCode);
    // 6 a minute in all, whichever process counts: the 7th and 8th are refused.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('with Redis away, each process counts on its own and says so; no request fails for it', async () => {
    const lines: string[] = [];
    // Nothing listens on port 1: the client never gets ready.
    const app = await build({ REDIS_URL: 'redis://127.0.0.1:1' }, lines);
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await hit(app, from)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(lines.join('\n')).toContain('Redis is not reachable: rate limits count per process until it is back');
  });
});
