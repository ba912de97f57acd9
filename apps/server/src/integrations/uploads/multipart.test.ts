import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@portal/contracts/validation';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { acceptUpload } from './accept-upload.ts';
import { LocalFileStore } from './local-file-store.ts';
import { ftypHeader, pngHeader } from './test-files.ts';

/**
 * acceptUpload behind @fastify/multipart as the support routes will use it: the part's
 * stream goes straight in, refusals answer 4xx through the one error handler, and the
 * request always completes.
 */
let app: FastifyInstance;
let dataDir: string;
let store: LocalFileStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-multipart-'));
  store = new LocalFileStore({ dataDir });
  app = Fastify();
  await app.register(errorHandlerPlugin);
  // The parser's own cap sits above ours, so our check (with our own size message) fires first.
  await app.register(multipart, { limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 2 } });
  app.post('/upload', async (request) => {
    const results = [];
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const allowed = part.fieldname === 'video' ? 'video' : 'image';
      results.push(
        await acceptUpload(part.file, {
          allowed,
          declaredMime: part.mimetype,
          maxBytes: allowed === 'video' ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES,
          store,
        }),
      );
    }
    return results;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function multipartBody(files: { field: string; name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const storedFiles = async () => (await readdir(store.directory).catch(() => [])).filter((name) => name !== '.tmp');
const tempFiles = async () => readdir(store.tempDirectory).catch(() => []);

describe('acceptUpload behind @fastify/multipart', () => {
  it('stores an image and a video of one request', async () => {
    const body = await multipartBody([
      { field: 'image', name: 'a.png', type: 'image/png', bytes: Buffer.concat([pngHeader(), Buffer.alloc(5000)]) },
      { field: 'video', name: 'b.mp4', type: 'video/mp4', bytes: Buffer.concat([ftypHeader('isom'), Buffer.alloc(9000)]) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode).toBe(200);
    const files = response.json<{ storedName: string; mime: string }[]>();
    expect(files.map((file) => file.mime)).toEqual(['image/png', 'video/mp4']);
    expect((await storedFiles()).sort()).toEqual(files.map((file) => file.storedName).sort());
    for (const file of files) await store.remove(file.storedName);
  });

  it('answers 415 for a PNG sent as video/mp4, storing nothing', async () => {
    const body = await multipartBody([
      { field: 'video', name: 'clip.mp4', type: 'video/mp4', bytes: Buffer.concat([pngHeader(), Buffer.alloc(50_000)]) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message: 'support.unsupportedVideo' });
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 413 for an image over 5 MB, storing nothing', async () => {
    const body = await multipartBody([
      { field: 'image', name: 'big.png', type: 'image/png', bytes: Buffer.concat([pngHeader(), Buffer.alloc(IMAGE_MAX_BYTES)]) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'support.errorMessageSize' });
    expect(await storedFiles()).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('answers 4xx for a multipart body cut off mid-file, storing nothing', async () => {
    const body = await multipartBody([
      { field: 'image', name: 'a.png', type: 'image/png', bytes: Buffer.concat([pngHeader(), Buffer.alloc(200_000)]) },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: body.headers,
      payload: body.payload.subarray(0, 100_000),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await storedFiles()).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });
});
