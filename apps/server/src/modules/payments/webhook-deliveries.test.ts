import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWebhookDelivery } from '@portal/contracts/staff';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@deliveries.example', ADMIN_PASSWORD: 'admin-password-1' };

/** A project's webhook integration as the console runs it: test events, the deliveries log, redelivery. */
describe.each(backends)('webhook deliveries over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let receiver: WebhookReceiver;
  let key: string;

  const deliveries = async (query = '') => {
    const res = await app.inject({ url: `/api/staff/projects/familytown/webhook-deliveries${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return ZWebhookDelivery.array().parse(res.json<{ data: unknown }>().data);
  };

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...ADMIN, JOB_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_BASE_MS: '60000' }, { database: testDb.database });
    await app.ready();
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    receiver = await startWebhookReceiver();
    key = (await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json<{ key: string }>()
      .key;
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('console', () => {
    it('refuses a test event before the project has a webhook URL', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/test', headers: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_NOT_SET' });
    });

    it('sends a signed test event that the receiver verifies, and logs it', async () => {
      const set = await app.inject({
        method: 'PUT',
        url: '/api/staff/projects/familytown/webhook',
        headers: admin,
        payload: { url: receiver.url },
      });
      receiver.secret = set.json<{ secret: string }>().secret;
      const res = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/test', headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const sent = ZWebhookDelivery.parse(res.json<{ data: unknown }>().data);
      expect(sent).toMatchObject({
        eventType: 'webhook.test',
        ok: true,
        responseStatus: 200,
        attempt: 0,
        paymentId: null,
        url: receiver.url,
      });
      expect(receiver.received.at(-1)).toMatchObject({ id: sent.eventId, type: 'webhook.test', data: { project: 'familytown' } });
      expect((await deliveries())[0]).toEqual(sent);
    });

    it('redelivers a logged event with the same event id', async () => {
      const [test] = await deliveries();
      const res = await app.inject({
        method: 'POST',
        url: `/api/staff/projects/familytown/webhook-deliveries/${test!.id}/redeliver`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const again = ZWebhookDelivery.parse(res.json<{ data: unknown }>().data);
      expect(again).toMatchObject({ eventId: test!.eventId, ok: true, attempt: 0 });
      expect(receiver.received.filter((event) => event.id === test!.eventId)).toHaveLength(2);
      expect((await deliveries()).map((delivery) => delivery.id).slice(0, 2)).toEqual([again.id, test!.id]);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/staff/projects/neuroarena/webhook-deliveries/1/redeliver',
        headers: admin,
      });
      expect(missing.statusCode).toBe(404);
    });

    it("logs a payment's event: a refused try with its status and next retry, then the delivered one", async () => {
      const player = await makePlayer(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: 'ft-coins-100' },
      });
      const paymentId = created.json<{ paymentId: string }>().paymentId;
      receiver.refuseWith = 503;
      await app.inject({ url: `/api/payments/yookassa/create/${paymentId}`, headers: player.auth });
      await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${paymentId}/complete`,
        headers: player.auth,
        payload: { outcome: 'paid' },
      });
      await expect.poll(async () => (await deliveries(`?paymentId=${paymentId}`)).length, { timeout: 15_000 }).toBe(1);
      const [refused] = await deliveries(`?paymentId=${paymentId}`);
      expect(refused).toMatchObject({ eventType: 'payment.paid', ok: false, responseStatus: 503, error: 'answered 503', attempt: 1 });
      expect(Date.parse(refused!.nextRetryAt!)).toBeGreaterThan(Date.now() + 30_000);

      receiver.refuseWith = undefined;
      const res = await app.inject({
        method: 'POST',
        url: `/api/staff/projects/familytown/webhook-deliveries/${refused!.id}/redeliver`,
        headers: admin,
      });
      expect(ZWebhookDelivery.parse(res.json<{ data: unknown }>().data)).toMatchObject({ ok: true, eventId: refused!.eventId, paymentId });
      expect(receiver.received.at(-1)).toMatchObject({ id: refused!.eventId, type: 'payment.paid', data: { paymentId, status: 'paid' } });
    });

    it('is for admins only', async () => {
      await app.staff.service.createAccount('agent@deliveries.example', 'agent-password-1', 'support');
      const agent = await staffHeaders(app, 'agent@deliveries.example', 'agent-password-1');
      expect((await app.inject({ url: '/api/staff/projects/familytown/webhook-deliveries', headers: agent })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/test', headers: agent })).statusCode).toBe(
        403,
      );
    });
  });
});
