import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKeys } from '../test/app.ts';
import { freePort } from '../test/ports.ts';
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { solveAltcha } from '../test/altcha.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../test/databases.ts';
import { startRoundRobin, type RoundRobin } from '../test/round-robin.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { pngHeader } from './integrations/uploads/test-files.ts';

const ADMIN = { email: 'admin@processes.example', password: 'Admin-processes-1' };

/** An open Server-Sent Events stream: `next(predicate)` waits for the first matching event. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<Record<string, unknown>> = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = chunk.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)) as Record<string, unknown>);
      }
    }
  })();
  return {
    upstream: response.headers.get('x-upstream'),
    async next(predicate: (event: Record<string, unknown>) => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no matching event; got ${JSON.stringify(events)}`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

function multipart(data: unknown, image?: Buffer) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'shot.png');
  return form;
}

/**
 * Two server processes on one PostgreSQL behind a round-robin proxy, as a deployment runs
 * them: the player's journey with consecutive requests landing on different processes, live
 * updates crossing from one process to a stream open on the other. Files either in one data
 * folder both share, or in an S3-compatible bucket with a data folder (and disk) of each
 * process's own, the keys given to both as a deployment gives them.
 */
describe.skipIf(SKIP_POSTGRES).each([{ files: 'a shared data folder' }, { files: 'an S3 bucket' }] as const)(
  'two processes behind a round-robin proxy, files in $files',
  ({ files }) => {
    const onS3 = files === 'an S3 bucket';
    let s3: TestS3 | undefined;
    const dataDirs: string[] = [];
    let database: { url: string; drop(): Promise<void> };
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let proxy: RoundRobin;
    const children: ChildProcess[] = [];
    const targets: string[] = [];
    let log = '';

    beforeAll(async () => {
      database = await createPostgresDatabase();
      smtp = await startSmtpServer();
      proxy = await startRoundRobin(() => targets);
      if (onS3) s3 = await startTestS3();
      const shared = onS3 ? { ...s3!.env, ...sharedKeys() } : {};
      const sharedDir = mkdtempSync(path.join(tmpdir(), 'portal-processes-'));
      for (let i = 0; i < 2; i += 1) {
        const dataDir = onS3 ? mkdtempSync(path.join(tmpdir(), `portal-process-${i}-`)) : sharedDir;
        dataDirs.push(dataDir);
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: proxy.url,
            DATABASE_URL: database.url,
            DATA_DIR: dataDir,
            WEB_DIST_DIR: path.join(dataDir, 'no-web'),
            SMTP_URL: smtp.url,
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            ALTCHA_MAX_NUMBER: '2000',
            AUTH_RATE_LIMIT_MAX: '1000',
            JOB_POLL_INTERVAL_MS: '100',
            UPLOAD_MIN_FREE_BYTES: '0',
            ...shared,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        children.push(child);
        const base = `http://127.0.0.1:${port}`;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`process ${i} stopped: ${log}`);
          if ((await fetch(`${base}/health/ready`).catch(() => undefined))?.ok) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        targets.push(base);
      }
    }, 180_000);

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await proxy?.close();
      await s3?.close();
      await smtp?.close();
      await database?.drop();
    });

    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const isForm = body instanceof FormData;
      const response = await fetch(`${proxy.url}${url}`, {
        method,
        headers: { ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        /* not JSON */
      }
      return { status: response.status, json, upstream: response.headers.get('x-upstream'), headers: response.headers, text };
    };
    const solved = async () => solveAltcha((await call('GET', '/api/auth/captcha-challenge')).json as TCaptchaChallenge);

    it('walks the player journey over both processes', { timeout: 180_000 }, async () => {
      // Registration: the code is mailed by whichever process took the request.
      const email = `journey.${Date.now()}@example.com`;
      const started = await call('POST', '/api/auth/register-by-email', { email, password: 'Secret123', altcha: await solved() });
      expect(started.status, started.text).toBe(200);
      await expect
        .poll(
          () => {
            try {
              return smtp.lastCode(email);
            } catch {
              return '';
            }
          },
          { timeout: 10_000 },
        )
        .toMatch(/^\d{6}$/);
      const confirmed = await call('POST', '/api/auth/send-verification-code', {
        email,
        code: smtp.lastCode(email),
        flowToken: started.json.data.flowToken,
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      const player = confirmed.json.data.result as { jwt: string; userId: string };
      const auth = { authorization: `Bearer ${player.jwt}` };

      // Failed sign-ins are counted across both processes: five, spread over them, then the robot check.
      const served = new Set<string | null>();
      for (let i = 0; i < 5; i += 1) {
        const wrong = await call('POST', '/api/auth/login-by-email', { email, password: 'Wrong1234' });
        expect(wrong.json.data?.warningMessage).toBe('INVALID_PASSWORD_LOGIN_BY_EMAIL');
        served.add(wrong.upstream);
      }
      expect(served).toEqual(new Set(['0', '1']));
      const blocked = await call('POST', '/api/auth/login-by-email', { email, password: 'Secret123' });
      expect(blocked).toMatchObject({ status: 403, json: { code: 'CAPTCHA_REQUIRED' } });
      const signedIn = await call('POST', '/api/auth/login-by-email', { email, password: 'Secret123', altcha: await solved() });
      expect(signedIn.json.data?.result).toMatchObject({ currentAuthType: 'email', userId: player.userId });

      // A payment paid through the sandbox on one process turns the popup's stream on the other paid.
      const staff = await call('POST', '/api/staff/login', ADMIN);
      const staffAuth = { authorization: `Bearer ${staff.json.token as string}` };
      const key = (await call('POST', '/api/staff/projects/familytown/api-keys', undefined, staffAuth)).json.key as string;
      const created = await call(
        'POST',
        '/api/v1/payments',
        { userId: player.userId, priceId: 'ft-coins-100' },
        { authorization: `Bearer ${key}` },
      );
      expect(created.status, created.text).toBe(201);
      const paymentId = created.json.paymentId as string;
      proxy.aim(0);
      const popup = await openStream(`${proxy.url}/api/payments/events/${paymentId}?jwt=${player.jwt}`);
      expect(popup.upstream).toBe('0');
      await popup.next((event) => event.type === 'status' && event.status === 'none');
      expect((await call('GET', `/api/payments/yookassa/create/${paymentId}`, undefined, auth)).status).toBe(200);
      proxy.aim(1);
      const paid = await call('POST', `/api/payments/sandbox/${paymentId}/complete`, { outcome: 'paid' }, auth);
      expect(paid).toMatchObject({ status: 200, upstream: '1', json: { data: { status: 'paid' } } });
      await popup.next((event) => event.type === 'status' && event.status === 'paid');
      await popup.close();

      // A staff reply written on one process reaches the player's chat open on the other.
      const ticket = await call(
        'POST',
        '/api/support/create-ticket',
        multipart({ title: 'My coins', text: '<p>Where are they?</p>' }, Buffer.concat([pngHeader(), Buffer.alloc(2000)])),
        { ...auth, project: 'familytown' },
      );
      expect(ticket.status, ticket.text).toBe(200);
      const ticketId = ticket.json.data.id as string;
      proxy.aim(1);
      const chat = await openStream(`${proxy.url}/api/support/events?jwt=${player.jwt}`);
      expect(chat.upstream).toBe('1');
      await chat.next((event) => event.type === 'ready');
      proxy.aim(0);
      const reply = await call('POST', `/api/staff/tickets/${ticketId}/messages`, multipart({ text: '<p>On their way</p>' }), staffAuth);
      expect(reply).toMatchObject({ status: 200, upstream: '0' });
      const pushed = await chat.next((event) => event.type === 'message' && event.ticketId === ticketId);
      expect((pushed.message as { text: string }).text).toContain('On their way');
      await chat.close();

      // The attachment and the receipt are served by either process (one shared data folder, or the bucket).
      const read = await call('GET', `/api/support/get-ticket?id=${ticketId}`, undefined, auth);
      const imagePath =
        (read.json.data.messages as Array<{ image: { path: string } | null }>).find((message) => message.image)?.image?.path ?? '';
      expect(imagePath).not.toBe('');
      for (const index of [0, 1]) {
        proxy.aim(index);
        const image = await fetch(`${proxy.url}${imagePath}`, { headers: auth });
        expect(image.status).toBe(200);
        expect(image.headers.get('x-upstream')).toBe(String(index));
        expect(image.headers.get('content-type')).toBe('image/png');
        expect((await image.arrayBuffer()).byteLength).toBe(pngHeader().length + 2000);
        // A video player's seek: a byte range of the file.
        const head = await fetch(`${proxy.url}${imagePath}`, { headers: { ...auth, range: 'bytes=1-3' } });
        expect(head.status).toBe(206);
        expect(head.headers.get('content-range')).toBe(`bytes 1-3/${pngHeader().length + 2000}`);
        expect(Buffer.from(await head.arrayBuffer()).toString('latin1')).toBe('PNG');
      }
      await expect
        .poll(
          async () => (await call('GET', `/api/user/get-receipt-link?privatePaymentId=${paymentId}`, undefined, auth)).json.data?.result,
          { timeout: 30_000, interval: 200 },
        )
        .toMatch(/^\/api\/user\/receipts\//);
      for (const index of [0, 1]) {
        const link = (await call('GET', `/api/user/get-receipt-link?privatePaymentId=${paymentId}`, undefined, auth)).json.data
          .result as string;
        proxy.aim(index);
        const pdf = await fetch(`${proxy.url}${link}`);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('x-upstream')).toBe(String(index));
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
      }
      const onDisk = [...new Set(dataDirs)].flatMap((dir) =>
        ['uploads', 'receipts'].flatMap((folder) => {
          try {
            return readdirSync(path.join(dir, folder)).filter((name) => !name.startsWith('.'));
          } catch {
            return [];
          }
        }),
      );
      // In the bucket nothing lands on either machine's disk; in the shared folder both files are there.
      expect(onDisk.length).toBe(onS3 ? 0 : 2);
    });
  },
);
