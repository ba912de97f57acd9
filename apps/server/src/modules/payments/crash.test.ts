import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../../test/databases.ts';
import { loadKeyStore } from '../../integrations/tokens/key-store.ts';
import { TokenService } from '../../integrations/tokens/token-service.ts';
import { startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

/**
 * No paid payment is lost: the server runs as a child process over PostgreSQL, payments are
 * paid through the sandbox while the game server refuses and then stalls, the server is killed
 * with SIGKILL, restarted, and every payment.paid still reaches the game server.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'admin@crash.example', password: 'crash-admin-pw' };

describe.skipIf(SKIP_POSTGRES)('payments survive SIGKILL', () => {
  let database: { url: string; drop(): Promise<void> };
  let receiver: WebhookReceiver;
  let child: ChildProcess | undefined;
  let base: string;
  let env: NodeJS.ProcessEnv;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));

  const startServer = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A start takes what it takes on a loaded machine (PostgreSQL migrations, tsx): minutes at worst.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        if ((await fetch(`${base}/health`)).ok) return proc;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    proc.kill('SIGKILL');
    throw new Error(`server did not start: ${stderr}`);
  };
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown> & { data: Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    receiver = await startWebhookReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_MAX: '0',
      JOB_POLL_INTERVAL_MS: '100',
      JOB_LEASE_SECONDS: '2',
      WEBHOOK_RETRY_BASE_MS: '200',
    };
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    await database?.drop();
  });

  it('every paid payment reaches the game server after a kill -9 and a restart', { timeout: 480_000 }, async () => {
    child = await startServer();
    const { token: staffToken } = await call('POST', '/api/staff/login', {}, ADMIN);
    const admin = { authorization: `Bearer ${String(staffToken)}` };
    const { key } = await call('POST', '/api/staff/projects/familytown/api-keys', admin);
    const hook = await call('PUT', '/api/staff/projects/familytown/webhook', admin, { url: receiver.url });
    receiver.secret = String(hook.secret);
    receiver.refuseWith = 503;

    // A player, made in the table, with a token signed by the server's own key.
    const userId = randomUUID();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      "insert into users (id, nick_name, email, current_auth_type) values ($1, 'Crash', 'crash@players.example', 'email')",
      [userId],
    );
    await client.end();
    const tokens = new TokenService({ keys: await loadKeyStore({ dataDir }), issuer: base });
    const { token } = await tokens.signPlayerToken({ sub: userId, aud: new URL(base).origin, ttlSeconds: 600 });
    const player = { authorization: `Bearer ${token}` };

    const paid: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await call(
        'POST',
        '/api/v1/payments',
        { authorization: `Bearer ${String(key)}` },
        { userId, priceId: 'ft-coins-100', idempotencyKey: `crash-${i}` },
      );
      const id = String(created.paymentId);
      await call('GET', `/api/payments/stripe/create/${id}`, player);
      await call('GET', `/api/payments/set-pending/${id}`, player);
      const done = await call('POST', `/api/payments/sandbox/${id}/complete`, player, { outcome: 'paid' });
      expect(done.data.status).toBe('paid');
      paid.push(id);
    }
    // Refused deliveries are being retried; then the game server stalls mid-delivery.
    await new Promise((resolve) => setTimeout(resolve, 600));
    receiver.hang = true;
    await expect.poll(() => receiver.hanging, { timeout: 10_000 }).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    expect(receiver.received).toHaveLength(0);

    receiver.hang = false;
    receiver.refuseWith = undefined;
    child = await startServer();
    await expect
      .poll(() => new Set(receiver.received.filter((event) => event.type === 'payment.paid').map((event) => event.data.paymentId)).size, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(paid.length);
    expect(receiver.forged).toBe(0);
    expect(new Set(receiver.received.map((event) => event.data.paymentId))).toEqual(new Set(paid));
    // Every attempt of a payment's event, refused, held or delivered, by either process run,
    // carried one event id, the one in the delivered body.
    for (const id of paid) {
      const ids = new Set(receiver.attempts.filter((attempt) => attempt.paymentId === id).map((attempt) => attempt.eventId));
      expect(ids.size, id).toBe(1);
      expect(receiver.attempts.filter((attempt) => attempt.paymentId === id).length, id).toBeGreaterThan(1);
      expect(receiver.received.find((event) => event.data.paymentId === id)?.id).toBe([...ids][0]);
    }
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = undefined;
  });
});
