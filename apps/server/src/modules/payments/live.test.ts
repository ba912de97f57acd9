import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentLiveEvent, type TPaymentLiveEvent } from '@portal/contracts/payments';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

/** Reads an SSE response into parsed events; `next` waits for the next one of a type. */
function eventsOf(body: ReadableStream<Uint8Array>) {
  const events: TPaymentLiveEvent[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const line = block.split('\n').find((l) => l.startsWith('data: '));
        if (line) events.push(ZPaymentLiveEvent.parse(JSON.parse(line.slice(6))));
        for (const wake of waiters.splice(0)) wake();
      }
    }
  })().catch(() => undefined);
  return async (type: TPaymentLiveEvent['type']): Promise<TPaymentLiveEvent> => {
    for (;;) {
      const index = events.findIndex((e) => e.type === type);
      if (index >= 0) return events.splice(index, 1)[0]!;
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error(`no ${type} event`)), 5000).unref();
      });
    }
  };
}

describe.each(backends)('live payment status over $name', (backend) => {
  let testDb: TestDatabase;
  /** Where the payment changes (the sandbox is completed here). */
  let app: FastifyInstance;
  /** Where the player listens: a second server over the same PostgreSQL, or the same app on PGlite. */
  let listener: FastifyInstance;
  let address: string;
  let key: string;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    // One DATA_DIR: both servers sign and verify player tokens with the same keys.
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-live-test-'));
    app = await buildTestApp({ ...ADMIN, DATA_DIR, JOB_POLL_INTERVAL_MS: '50' }, { database: testDb.database });
    // PostgreSQL: another process's pool, so the change must travel by LISTEN/NOTIFY.
    listener =
      backend.name === 'postgres' ? await buildTestApp({ DATA_DIR, JOB_POLL_INTERVAL_MS: '50' }, { databaseUrl: testDb.url }) : app;
    address = await listener.listen({ port: 0, host: '127.0.0.1' });
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
  });
  afterAll(async () => {
    if (listener !== app) await listener?.close();
    await app?.close();
    await testDb?.drop();
  });

  const newPayment = async (userId: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId, priceId: 'ft-coins-100', payload: 'live-1' },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { paymentId: string }).paymentId;
  };

  describe.skipIf(backend.skip)('GET /api/payments/events/{id}', () => {
    it('sends the status at once, then every change up to paid with the signed token', async () => {
      const player = await makePlayer(app);
      const id = await newPayment(player.id);
      const controller = new AbortController();
      try {
        const res = await fetch(`${address}/api/payments/events/${id}?jwt=${player.token}`, { signal: controller.signal });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        const next = eventsOf(res.body!);
        expect(await next('ready')).toEqual({ type: 'ready' });
        expect(await next('status')).toMatchObject({ paymentId: id, status: 'none', payload: 'live-1', token: null });

        expect((await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).statusCode).toBe(200);
        expect((await app.inject({ url: `/api/payments/set-pending/${id}`, headers: player.auth })).statusCode).toBe(200);
        expect(await next('status')).toMatchObject({ status: 'pending', token: null });

        const done = await app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${id}/complete`,
          headers: player.auth,
          payload: { outcome: 'paid' },
        });
        expect(done.json()).toEqual({ data: { status: 'paid' } });
        const paid = await next('status');
        expect(paid).toMatchObject({ status: 'paid', payload: 'live-1' });
        expect(paid.type === 'status' && typeof paid.token === 'string' && paid.token.split('.').length === 3).toBe(true);
      } finally {
        controller.abort();
      }
    });

    it('a cancelled payment ends as none on the stream', async () => {
      const player = await makePlayer(app);
      const id = await newPayment(player.id);
      const controller = new AbortController();
      try {
        const res = await fetch(`${address}/api/payments/events/${id}`, { headers: player.auth, signal: controller.signal });
        const next = eventsOf(res.body!);
        expect(await next('status')).toMatchObject({ status: 'none', finished: false });
        await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth });
        await app.inject({ url: `/api/payments/set-pending/${id}`, headers: player.auth });
        expect(await next('status')).toMatchObject({ status: 'pending', finished: false });
        await app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${id}/complete`,
          headers: player.auth,
          payload: { outcome: 'canceled' },
        });
        expect(await next('status')).toMatchObject({ status: 'none', token: null, finished: true });
      } finally {
        controller.abort();
      }
    });

    it('a payment cancelled before it was pending is told too: none, now finished', async () => {
      const player = await makePlayer(app);
      const id = await newPayment(player.id);
      const controller = new AbortController();
      try {
        const res = await fetch(`${address}/api/payments/events/${id}`, { headers: player.auth, signal: controller.signal });
        const next = eventsOf(res.body!);
        expect(await next('status')).toMatchObject({ status: 'none', finished: false });
        await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
        await app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${id}/complete`,
          headers: player.auth,
          payload: { outcome: 'canceled' },
        });
        expect(await next('status')).toMatchObject({ status: 'none', finished: true });
        const got = (await app.inject({ url: `/api/payments/get/${id}`, headers: player.auth })).json() as { data: unknown };
        expect(got.data).toEqual({ status: 'none', payload: 'live-1', token: null, finished: true });
      } finally {
        controller.abort();
      }
    });

    it('refuses strangers, unknown ids and missing tokens with a 4xx before any stream opens', async () => {
      const owner = await makePlayer(app);
      const stranger = await makePlayer(app);
      const id = await newPayment(owner.id);
      expect((await fetch(`${address}/api/payments/events/${id}`)).status).toBe(401);
      const foreign = await fetch(`${address}/api/payments/events/${id}?jwt=${stranger.token}`);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      expect((await fetch(`${address}/api/payments/events/not-a-payment?jwt=${owner.token}`)).status).toBe(404);
      expect((await fetch(`${address}/api/payments/events/${'x'.repeat(80)}?jwt=${owner.token}`)).status).toBe(400);
    });

    it('closing the app ends open streams', async () => {
      const player = await makePlayer(app);
      const id = await newPayment(player.id);
      const res = await fetch(`${address}/api/payments/events/${id}?jwt=${player.token}`);
      const next = eventsOf(res.body!);
      await next('status');
      expect(listener.payments.live.hub.size).toBeGreaterThan(0);
      listener.payments.live.hub.closeAll();
      expect(listener.payments.live.hub.size).toBe(0);
    });
  });
});
