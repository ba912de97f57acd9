import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZWebhookResponse, ZWebhookRotation } from '@portal/contracts/staff';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { projectWebhooks } from '../../db/schema.ts';
import { staffHeaders, startWebhookReceiver, verifyPortalSignature, type WebhookReceiver } from '../payments/testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@webhook-secret.example', ADMIN_PASSWORD: 'admin-password-1' };

/** A game server checking signatures never breaks: a saved URL keeps its secret, a rotation overlaps for 24 hours. */
describe.each(backends)('webhook signing secret over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let receiver: WebhookReceiver;

  const setUrl = async (url: string) => {
    const res = await app.inject({ method: 'PUT', url: '/api/staff/projects/familytown/webhook', headers: admin, payload: { url } });
    expect(res.statusCode, res.body).toBe(200);
    return ZWebhookResponse.parse(res.json());
  };
  const rotate = () => app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/rotate-secret', headers: admin });
  /** Sends a test event and answers the v1 values of its signature, the body the receiver verified. */
  const sendTest = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/test', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const header = receiver.signatures.at(-1)!;
    return header.split(',').filter((part) => part.startsWith('v1='));
  };

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(ADMIN, { database: testDb.database });
    await app.ready();
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('console', () => {
    it('refuses a rotation before the project has a webhook URL', async () => {
      const res = await rotate();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_NOT_SET' });
    });

    it('keeps the secret when the URL is saved again or changed', async () => {
      const first = await setUrl(`${receiver.url}/a`);
      expect(first.secret).toMatch(/^whsec_/);
      expect((await setUrl(`${receiver.url}/a`)).secret).toBe(first.secret);
      const moved = await setUrl(receiver.url);
      expect(moved).toEqual({ url: receiver.url, secret: first.secret });
      receiver.secret = first.secret;
      expect(await sendTest()).toHaveLength(1);
      expect(receiver.forged).toBe(0);
    });

    it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
      const before = receiver.secret;
      const res = await rotate();
      expect(res.statusCode, res.body).toBe(200);
      const rotated = ZWebhookRotation.parse(res.json());
      expect(rotated.secret).not.toBe(before);
      const overlap = Date.parse(rotated.previousSecretExpiresAt) - Date.now();
      expect(overlap).toBeGreaterThan(23.9 * 3600_000);
      expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

      // A receiver still on the old secret and one already on the new one both accept the event.
      const signatures = await sendTest();
      expect(signatures).toHaveLength(2);
      const header = receiver.signatures.at(-1)!;
      const body = JSON.stringify(receiver.received.at(-1));
      expect(verifyPortalSignature(body, header, before)).toBe(true);
      expect(verifyPortalSignature(body, header, rotated.secret)).toBe(true);
      expect(verifyPortalSignature(body, header, 'whsec_someone-else')).toBe(false);

      // Saving the URL during the overlap changes nothing of it.
      expect((await setUrl(receiver.url)).secret).toBe(rotated.secret);
      expect(await sendTest()).toHaveLength(2);

      // The overlap over: the new secret alone.
      await testDb.database.db
        .update(projectWebhooks)
        .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(projectWebhooks.project, 'familytown'));
      receiver.secret = rotated.secret;
      expect(await sendTest()).toHaveLength(1);
      expect(receiver.forged).toBe(0);
    });

    it('is an admin action, written to the audit log without the secret', async () => {
      const audit = await app.inject({ url: '/api/staff/audit', headers: admin });
      expect(audit.statusCode).toBe(200);
      const entries = audit.json<{ data: Array<{ action: string }> }>().data;
      expect(entries.map((entry) => entry.action)).toContain('webhook.rotateSecret');
      expect(audit.body).not.toContain('whsec_');
      const anonymous = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/webhook/rotate-secret' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
