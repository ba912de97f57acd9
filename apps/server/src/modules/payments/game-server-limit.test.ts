import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { makePlayer } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@limit.example', ADMIN_PASSWORD: 'admin-password-1' };

describe('game-server API rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ ...ADMIN, RATE_LIMIT_MAX: '4', GAME_API_RATE_LIMIT_MAX: '6', JOB_POLL_INTERVAL_MS: '3600000' });
  });
  afterAll(() => app.close());

  it('counts per API key, not per address: one game server may pass the per-IP limit, up to its own', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    const admin = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const newKey = async (address: string) =>
      (
        (
          await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin, remoteAddress: address })
        ).json() as { key: string }
      ).key;
    const [first, second] = [await newKey('10.9.0.2'), await newKey('10.9.0.3')];
    const player = await makePlayer(app);
    const create = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: 'ft-coins-100' },
        remoteAddress: '10.9.9.9',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await create(first)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect((await create(second)).statusCode).toBe(201);

    // A forged key with the first key's public prefix neither spends nor escapes the first key's
    // counter: it counts on the sender's address, and the real key's callers are not locked out.
    const forged = `${first.slice(0, 17)}${'x'.repeat(first.length - 17)}`;
    const forgedAt = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${forged}` },
        payload: { userId: player.id, priceId: 'ft-coins-100' },
        remoteAddress: address,
      });
    expect((await forgedAt('10.9.8.1')).statusCode).toBe(401);
    const third = await newKey('10.9.0.4');
    for (let i = 0; i < 10; i += 1) await forgedAt('10.9.8.2');
    expect((await forgedAt('10.9.8.2')).statusCode).toBe(429);
    expect((await create(third)).statusCode).toBe(201);
  });
});
