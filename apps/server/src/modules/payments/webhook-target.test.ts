import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { jobs, projectWebhooks } from '../../db/schema.ts';
import { startYookassaFake, type YookassaFake } from '../../integrations/payments/testing/yookassa-fake.ts';
import { WEBHOOK_JOB } from './service.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };
const KASSA = { shopId: '65433', secretKey: 'test_kassa_webhook_target' };

const NON_PUBLIC = [
  'http://127.0.0.1:5432/',
  'http://localhost:8080/hook',
  'http://api.localhost/hook',
  'http://10.1.2.3/hook',
  'http://172.16.0.1/hook',
  'http://192.168.1.10/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://0.0.0.0/hook',
  'http://0x7f.1/hook',
  'http://2130706433/hook',
  'http://[::1]/hook',
  'http://[::]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:a9fe:a9fe]/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[2002:a9fe:a9fe::1]/hook',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
];

describe.each(backends)('webhook targets over $name', (backend) => {
  let testDb: TestDatabase;
  let production: FastifyInstance;
  let receiver: WebhookReceiver;
  let kassa: YookassaFake;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    // Production has no sandbox: the payment goes through YooKassa's protocol (a local fake).
    kassa = await startYookassaFake(KASSA);
    production = await buildTestApp(
      {
        ...ADMIN,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        LOG_LEVEL: 'silent',
        JOB_POLL_INTERVAL_MS: '50',
        YOOKASSA_SHOP_ID: KASSA.shopId,
        YOOKASSA_SECRET_KEY: KASSA.secretKey,
        YOOKASSA_API_BASE: kassa.apiBaseUrl,
      },
      // The demo catalogue's familytown, which production never seeds by itself.
      { database: testDb.database, seed: true },
    );
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await production?.close();
    await receiver?.close();
    await kassa?.close();
    await testDb?.drop();
  });

  // One staff sign-in per app: the sign-in route is rate limited as a guessing route.
  const signedIn = new WeakMap<FastifyInstance, Promise<Record<string, string>>>();
  const setWebhook = async (app: FastifyInstance, url: string) => {
    if (!signedIn.has(app)) signedIn.set(app, staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
    return app.inject({
      method: 'PUT',
      url: '/api/staff/projects/familytown/webhook',
      headers: await signedIn.get(app)!,
      payload: { url },
    });
  };

  it.skipIf(backend.skip)(
    'production refuses loopback, private, link-local, unique-local and unspecified targets at save time',
    async () => {
      for (const url of NON_PUBLIC) {
        const res = await setWebhook(production, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED', message: expect.stringContaining('not allowed') });
      }
      const scheme = await setWebhook(production, 'ftp://game.example/hook');
      expect(scheme.statusCode).toBe(400);
      expect(scheme.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect((await setWebhook(production, 'https://game.example/hook')).statusCode).toBe(200);
      expect((await setWebhook(production, 'http://8.8.8.8/hook')).statusCode).toBe(200);
    },
  );

  it.skipIf(backend.skip)('outside production a local receiver is allowed', async () => {
    // Its own app, closed at once: its job worker must not race production's for the next test's job.
    const development = await buildTestApp(
      { ...ADMIN, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
      { database: testDb.database, seed: false },
    );
    try {
      expect((await setWebhook(development, 'http://127.0.0.1:5432/')).statusCode).toBe(200);
    } finally {
      await development.close();
    }
  });

  it.skipIf(backend.skip)('production re-checks the target at delivery and fails the job once, without retrying', async () => {
    // As if the saved name now resolved inside our network: the row points at the local receiver.
    await testDb.database.db.update(projectWebhooks).set({ url: receiver.url }).where(eq(projectWebhooks.project, 'familytown'));
    const admin = await staffHeaders(production, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const key = // This YooKassa shop is a test shop (test_ key): a test key's payments go through it.
      (
        (
          await production.inject({
            method: 'POST',
            url: '/api/staff/projects/familytown/api-keys',
            headers: admin,
            payload: { mode: 'test' },
          })
        ).json() as {
          key: string;
        }
      ).key;
    const player = await makePlayer(production);
    const created = await production.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'ft-energy-10' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { paymentId: string }).paymentId;
    expect((await production.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).statusCode).toBe(200);
    const kassaRef = [...kassa.payments.entries()].find(([, p]) => p.metadata.paymentId === id)?.[0] as string;
    kassa.succeed(kassaRef);
    const notified = await production.inject({
      method: 'POST',
      url: '/api/payments/webhooks/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: kassa.notificationFor(kassaRef, 'payment.succeeded'),
    });
    expect(notified.json()).toMatchObject({ outcome: 'applied' });

    const job = async () =>
      (
        await testDb.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, WEBHOOK_JOB), sql`${jobs.payload}->>'paymentId' = ${id}`))
      )[0];
    await expect.poll(async () => (await job())?.failedAt ?? null, { timeout: 20_000 }).not.toBeNull();
    const failed = await job();
    expect(failed).toMatchObject({ attempts: 1, lastError: expect.stringContaining('refused') });
    expect(failed?.lastError).toContain('127.0.0.1');
    expect(receiver.received).toHaveLength(0);
  });
});
