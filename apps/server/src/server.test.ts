import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.ts';
import pg from 'pg';
import { createPostgresDatabase, SKIP_POSTGRES } from '../test/databases.ts';

const SERVER = path.join(import.meta.dirname, 'server.ts');

describe('server start', () => {
  it('stops on a bad variable with one line on stderr and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: 'abc', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")\n');
  });

  it('on SIGTERM fails readiness for the drain period while staying live, then closes and exits 0', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-drain-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SHUTDOWN_DRAIN_SECONDS: '3',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const status = async (url: string) => {
      try {
        const response = await fetch(`${base}${url}`);
        return { status: response.status, body: (await response.json()) as { code?: string; status?: string } };
      } catch {
        return { status: 0, body: {} };
      }
    };
    try {
      await expect.poll(async () => (await status('/health/ready')).status, { timeout: 120_000, interval: 200 }).toBe(200);
      expect(await status('/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });

      child.kill('SIGTERM');
      await expect.poll(async () => (await status('/health/ready')).body.code, { timeout: 10_000, interval: 50 }).toBe('DRAINING');
      expect((await status('/health')).status).toBe(503);
      expect(await status('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await exited, stderr).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.skipIf(SKIP_POSTGRES)('the migrate release step brings an empty PostgreSQL database up to date and exits 0', async () => {
    const created = await createPostgresDatabase();
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'migrate.ts')], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: created.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-migrate-')) },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toBe('migrate: the PostgreSQL database is up to date\n');
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const tables = await client.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public'",
        );
        expect(tables.rows.map((row) => row.name)).toEqual(
          expect.arrayContaining(['users', 'payments', 'jobs', 'local_oidc_records', 'sign_in_nonces']),
        );
      } finally {
        await client.end();
      }
    } finally {
      await created.drop();
    }
  });
});
