import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOverrides } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * A config for tests: silent logs, a private DATA_DIR, no web build unless given, and no
 * free-disk watermark (a test machine's disk says nothing about the code; limits.test sets it).
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-server-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    PUBLIC_URL: 'http://localhost:8080',
    UPLOAD_MIN_FREE_BYTES: '0',
    ...env,
  });
}

// Booting PGlite (WASM) is the slow part of a test app: one in-memory database per test
// file (vitest isolates modules per file), shared by the apps that file builds.
let shared: Promise<Database> | undefined;
export function sharedMemoryDatabase(): Promise<Database> {
  shared ??= openDatabase('memory://');
  return shared;
}

/**
 * Builds the real app; over the file's shared in-memory PGlite unless told otherwise. Its jobs
 * worker runs as in a server (`jobs: false` leaves it stopped, for tests that run jobs by hand).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  { jobs = true, ...overrides }: BuildOverrides & { jobs?: boolean } = {},
): Promise<FastifyInstance> {
  const database = overrides.database ?? (overrides.databaseUrl ? undefined : await sharedMemoryDatabase());
  const app = await buildApp(testConfig(env), { ...overrides, ...(database ? { database } : {}) });
  if (jobs) app.jobs.start();
  return app;
}

/**
 * The keys every process of a deployment shares when they share no data folder (in a real one,
 * from its secret store).
 */
export function sharedKeys(): Record<string, string> {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALTCHA_HMAC_KEY: secret(),
    CODE_HMAC_KEY: secret(),
    SUPPORT_FILE_KEY: secret(),
    RECEIPT_LINK_KEY: secret(),
  };
}

/** A support message as the screens send it, for `app.inject`: `data` JSON and an optional image. */
export async function supportMessageBody(data: unknown, image?: Buffer): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'screenshot.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
