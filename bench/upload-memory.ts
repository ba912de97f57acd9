/**
 * Server memory while a 100 MB video uploads (support issue; goal: growth under 50 MB).
 *
 * Starts a tiny Fastify app in this process with @fastify/multipart, acceptUpload and a
 * LocalFileStore on a temp folder, then a child process posts a generated 100 MB
 * mp4-headed file as multipart (made chunk by chunk, so the client holds none of it
 * either, and its memory is not counted here). Samples this process's RSS every 50 ms and
 * prints the peak growth over the idle server and the time the upload took.
 *
 * With BENCH_STORE=s3 the file goes to an S3-compatible bucket instead (S3FileStore: a
 * streaming multipart upload), served by a local S3 server in its own child process so that
 * only the portal's side is counted.
 *
 *   npm run upload-memory -w bench
 *   BENCH_STORE=s3 npm run upload-memory -w bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { VIDEO_MAX_BYTES } from '@portal/contracts/validation';
import { acceptUpload } from '../apps/server/src/integrations/uploads/accept-upload.ts';
import type { FileStore } from '../apps/server/src/integrations/uploads/file-store.ts';
import { LocalFileStore } from '../apps/server/src/integrations/uploads/local-file-store.ts';
import { S3FileStore } from '../apps/server/src/integrations/uploads/s3-file-store.ts';
import { S3Bucket } from '../apps/server/src/integrations/storage/s3-bucket.ts';
import { ftypHeader } from '../apps/server/src/integrations/uploads/test-files.ts';

const MB = 1024 * 1024;
const GOAL_MB = 50;

/** The upload's size: the largest video a player may send, or BENCH_UPLOAD_MB. */
const uploadBytes = process.env.BENCH_UPLOAD_MB ? Number(process.env.BENCH_UPLOAD_MB) * MB : VIDEO_MAX_BYTES;

const useS3 = process.env.BENCH_STORE === 's3';

/** A local S3 server in a child process; resolves with its S3_* variables once it listens. */
function startS3Server(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const serverModule = new URL('../apps/server/test/s3-server.ts', import.meta.url).href;
  const script = `const { startTestS3 } = await import(${JSON.stringify(serverModule)}); const s3 = await startTestS3('bench'); process.stdout.write(JSON.stringify(s3.env) + '\\n'); process.on('SIGTERM', () => s3.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ child, env: JSON.parse(out) as Record<string, string> });
    });
    child.on('exit', (code) => reject(new Error(`S3 server exited ${code}`)));
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-upload-bench-'));
const s3 = useS3 ? await startS3Server() : null;
const store: FileStore = s3
  ? new S3FileStore(
      new S3Bucket({
        S3_BUCKET: s3.env.S3_BUCKET!,
        S3_ENDPOINT: s3.env.S3_ENDPOINT,
        S3_REGION: s3.env.S3_REGION!,
        S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
        S3_FORCE_PATH_STYLE: true,
        S3_PREFIX: '',
      }),
    )
  : new LocalFileStore({ dataDir });
const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: Math.max(uploadBytes, VIDEO_MAX_BYTES) + 1, files: 1 } });
app.post('/upload', async (request, reply) => {
  const part = await request.file();
  if (!part) return reply.code(400).send({ code: 'VALIDATION_ERROR', message: 'no file' });
  const stored = await acceptUpload(part.file, {
    allowed: 'video',
    declaredMime: part.mimetype,
    maxBytes: Math.max(uploadBytes, VIDEO_MAX_BYTES),
    store,
  });
  return stored;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('bench: no port');
const url = `http://127.0.0.1:${address.port}/upload`;

// The client: plain node:http, writing the multipart body with backpressure.
const client = `
import http from 'node:http';
const [url, total, headerHex] = process.argv.slice(1);
const size = Number(total);
const boundary = '----bench' + Math.random().toString(16).slice(2);
const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const header = Buffer.from(headerHex, 'hex');
const request = http.request(url, { method: 'POST', headers: {
  'content-type': 'multipart/form-data; boundary=' + boundary,
  'content-length': String(head.length + size + tail.length),
} }, (response) => {
  let body = '';
  response.on('data', (chunk) => (body += chunk));
  response.on('end', () => { process.stdout.write(JSON.stringify({ status: response.statusCode, body })); });
});
request.on('error', (error) => { console.error(error); process.exit(1); });
const chunk = Buffer.alloc(256 * 1024);
let sent = 0;
request.write(head);
request.write(header); sent += header.length;
function pump() {
  while (sent < size) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
    sent += piece.length;
    if (!request.write(piece)) return request.once('drain', pump);
  }
  request.end(tail);
}
pump();
`;

function upload(size = uploadBytes): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', client, url, String(size), ftypHeader('isom').toString('hex')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { status: number; body: string }) : reject(new Error(`client exited ${code}`)),
    );
  });
}

try {
  // One small upload first, so the code the first request loads (the S3 client's modules) is
  // not counted as the upload's memory.
  await upload(MB);
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const result = await upload();
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const growthMb = (peak - baseline) / MB;
  const stored = JSON.parse(result.body) as { storedName?: string; size?: number };
  console.log(
    `upload-memory (${useS3 ? 'S3 bucket' : 'local disk'}): HTTP ${result.status}, stored ${stored.storedName ?? '-'} (${((stored.size ?? 0) / MB).toFixed(1)} MB)`,
  );
  console.log(`  server rss: baseline ${(baseline / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB`);
  console.log(`  peak growth ${growthMb.toFixed(1)} MB (goal < ${GOAL_MB} MB): ${growthMb < GOAL_MB ? 'ok' : 'OVER'}`);
  console.log(`  time ${(elapsedMs / 1000).toFixed(2)} s (${(uploadBytes / MB / (elapsedMs / 1000)).toFixed(0)} MB/s)`);
  if (result.status !== 200) process.exitCode = 1;
} finally {
  await app.close();
  s3?.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
