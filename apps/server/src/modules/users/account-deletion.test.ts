import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HELP_REASONS } from '@portal/contracts/payment-help';
import { buildTestApp, supportMessageBody } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { paymentHelpRequests, paymentProfiles, payments, receipts, tickets } from '../../db/schema.ts';
import { pngHeader } from '../../integrations/uploads/test-files.ts';
import { JobWorker } from '../../lib/jobs/queue.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

// Files in DATA_DIR over both databases, and in an S3 bucket.
const cases = [...backends.map((backend) => ({ ...backend, files: 'DATA_DIR' })), { ...backends[0]!, files: 'an S3 bucket' }];

describe.each(cases)('account deletion over $name, files in $files', (backend) => {
  let testDb: TestDatabase;
  let s3: TestS3 | undefined;
  let s3Client: S3Client | undefined;
  let app: FastifyInstance;
  let key: string;
  let runJobs: () => Promise<number>;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    if (backend.files !== 'DATA_DIR') {
      s3 = await startTestS3();
      s3Client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
      });
    }
    app = await buildTestApp({ ...ADMIN, ...s3?.env }, { database: testDb.database });
    await app.jobs.stop();
    const worker = new JobWorker({
      db: app.database.db,
      log: app.log,
      kinds: app.receipts.service.jobKinds(),
      pollIntervalMs: 60_000,
      leaseMs: 60_000,
    });
    runJobs = () => worker.runDue();
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
  });
  afterAll(async () => {
    await app?.close();
    s3Client?.destroy();
    await s3?.close();
    await testDb?.drop();
  });

  it.skipIf(backend.skip)(
    "removes the player's receipt e-mails and PDFs, tickets with their attachments and help letters; the payments stay",
    async () => {
      const player = await makePlayer(app, 'Leaving');
      const other = await makePlayer(app, 'Staying');
      const db = app.database.db;
      const files = async (dir: string) => {
        if (s3Client) {
          const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: s3!.bucket, Prefix: `${dir}/` }));
          return (listed.Contents ?? []).map((object) => object.Key!.slice(dir.length + 1));
        }
        return (await readdir(path.join(app.config.DATA_DIR, dir)).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
      };
      // With a bucket, nothing lands in DATA_DIR.
      const onDisk = async () =>
        (await Promise.all(['uploads', 'receipts'].map((dir) => readdir(path.join(app.config.DATA_DIR, dir)).catch(() => [] as string[]))))
          .flat()
          .filter((name) => !name.startsWith('.'));

      // A paid payment with a receipt e-mail and its PDF, for both players.
      const pay = async (who: typeof player) => {
        expect(
          (
            await app.inject({
              method: 'POST',
              url: '/api/payments/update-mail-to-receive-check',
              headers: who.auth,
              payload: { email: `${who.id.slice(0, 6)}@mail.example` },
            })
          ).statusCode,
        ).toBe(200);
        const created = await app.inject({
          method: 'POST',
          url: '/api/v1/payments',
          headers: { authorization: `Bearer ${key}` },
          payload: { userId: who.id, priceId: 'ft-coins-100' },
        });
        const id = (created.json() as { paymentId: string }).paymentId;
        expect((await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: who.auth })).statusCode).toBe(200);
        expect(
          (
            await app.inject({
              method: 'POST',
              url: `/api/payments/sandbox/${id}/complete`,
              headers: who.auth,
              payload: { outcome: 'paid' },
            })
          ).statusCode,
        ).toBe(200);
        return id;
      };
      const paid = await pay(player);
      const othersPaid = await pay(other);
      await runJobs();
      const [receipt] = await db.select().from(receipts).where(eq(receipts.paymentId, paid));
      expect(receipt).toBeDefined();
      expect(await files('receipts')).toContain(receipt!.fileName);

      // A ticket with an image, and a help letter about the payment.
      const ticketWithImage = async (who: typeof player) => {
        const body = await supportMessageBody(
          { title: 'Where are my coins', text: '<p>Look</p>' },
          Buffer.concat([pngHeader(), Buffer.alloc(3000)]),
        );
        const res = await app.inject({
          method: 'POST',
          url: '/api/support/create-ticket',
          payload: body.payload,
          headers: { ...who.auth, ...body.headers, project: 'familytown' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { data: { id: string } }).data.id;
      };
      await ticketWithImage(player);
      const othersTicket = await ticketWithImage(other);
      const uploadsBefore = await files('uploads');
      expect(uploadsBefore).toHaveLength(2);
      if (s3Client) expect(await onDisk()).toEqual([]);
      const letter = await app.inject({
        method: 'POST',
        url: '/api/payments/send-letter-support',
        headers: player.auth,
        payload: {
          data: {
            nickName: 'Leaving',
            currentAuthType: 'email',
            email: 'leaving@mail.example',
            reason: PAYMENT_HELP_REASONS.other,
            paymentId: paid,
          },
        },
      });
      expect(letter.statusCode, letter.body).toBe(200);

      const deleted = await app.inject({
        method: 'POST',
        url: '/api/user/delete-account',
        headers: player.auth,
        payload: { confirmation: true },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      expect(await db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, player.id))).toEqual([]);
      const [payment] = await db.select().from(payments).where(eq(payments.id, paid));
      expect(payment).toMatchObject({ status: 'paid', receiptEmail: null });
      expect(await db.select().from(receipts).where(eq(receipts.userId, player.id))).toEqual([]);
      expect(await files('receipts')).not.toContain(receipt!.fileName);
      expect(await db.select().from(tickets).where(eq(tickets.ownerUserId, player.id))).toEqual([]);
      expect(await files('uploads')).toHaveLength(1);
      expect(await db.select().from(paymentHelpRequests).where(eq(paymentHelpRequests.userId, player.id))).toEqual([]);
      // A later run of the receipt job makes no new PDF for the deleted account.
      expect(await app.receipts.service.generate(paid)).toBe('owner-deleted');

      // The other player keeps everything.
      expect(await db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, other.id))).toHaveLength(1);
      expect(await db.select().from(receipts).where(eq(receipts.paymentId, othersPaid))).toHaveLength(1);
      expect(await db.select().from(tickets).where(eq(tickets.id, othersTicket))).toHaveLength(1);
    },
  );
});
