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

const lookUp = (id: string) => app.inject({ method: 'GET', url: `/api/session/${id}` });

describe('GET /api/session/:session', () => {
  it('finds a fresh session; an unknown, malformed or expired one is not found', async () => {
    const fresh = await newSession();
    expect((await lookUp(fresh)).statusCode).toBe(200);
    expect((await lookUp(crypto.randomUUID())).json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    expect((await lookUp('not-a-session')).statusCode).toBe(400);

    const old = await newSession();
    const { db } = await sharedMemoryDatabase();
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_LIFETIME_MS - 60_000) })
      .where(eq(sessions.id, old));
    const expired = await lookUp(old);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
  });
});
