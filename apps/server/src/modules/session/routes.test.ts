import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '@portal/contracts/session';
import { sessions } from '../../db/schema.ts';
import { buildTestApp, sharedMemoryDatabase } from '../../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { jobs: false });
});
afterAll(() => app.close());

async function newSession(): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/session/get',
    payload: { source: 'web', locale: 'en', project: 'familytown' },
  });
  return (answer.json() as { data: { session: string } }).data.session;
}

/** Ages a session past its lifetime. */
async function expire(id: string): Promise<void> {
  const { db } = await sharedMemoryDatabase();
  await db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - SESSION_LIFETIME_MS - 60_000) })
    .where(eq(sessions.id, id));
}

const lookUp = (id: string) => app.inject({ method: 'GET', url: `/api/session/${id}` });

describe('GET /api/session/:session', () => {
  it('finds a fresh session; an unknown, malformed or expired one is not found', async () => {
    const fresh = await newSession();
    expect((await lookUp(fresh)).statusCode).toBe(200);
    expect((await lookUp(crypto.randomUUID())).json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    expect((await lookUp('not-a-session')).statusCode).toBe(400);

    const old = await newSession();
    await expire(old);
    const expired = await lookUp(old);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
  });
});

describe('POST /api/session/get', () => {
  it('caps the sessions one address makes an hour, and others still make theirs', async () => {
    const make = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/session/get',
        payload: { source: 'web', locale: 'en', project: 'familytown' },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await make('10.77.0.1')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await make('10.77.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect((await make('10.77.0.2')).statusCode).toBe(200);
  });

  it('drops expired sessions: a new process sweeps them at start, and every hour', async () => {
    const old = await newSession();
    await expire(old);
    const { db } = await sharedMemoryDatabase();
    const second = await buildTestApp({}, { jobs: false });
    try {
      await expect.poll(async () => (await db.select().from(sessions).where(eq(sessions.id, old))).length).toBe(0);
      expect((await db.select().from(sessions)).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
