import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { AppError } from '../../lib/app-error.ts';
import { acceptUpload } from '../uploads/accept-upload.ts';
import { S3FileStore } from '../uploads/s3-file-store.ts';
import { pngHeader } from '../uploads/test-files.ts';
import { UploadError } from '../uploads/upload-error.ts';
import { S3BlobStore } from './blob-store.ts';
import { S3Bucket } from './s3-bucket.ts';

const MIB = 1024 * 1024;

/** `count` chunks of 1 MiB, each filled with its index, optionally failing after `failAfter` chunks. */
function chunks(count: number, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i += 1) {
        if (failAfter !== undefined && i === failAfter) throw new Error('client went away');
        yield Buffer.alloc(MIB, i);
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('files in an S3-compatible bucket', () => {
  let s3: TestS3;
  let bucket: S3Bucket;
  let store: S3FileStore;

  const settings = (prefix = '') => ({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
    S3_PREFIX: prefix,
  });
  const keys = async () =>
    ((await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key);

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = new S3Bucket(settings());
    store = new S3FileStore(bucket);
  });
  afterAll(async () => {
    bucket?.close();
    await s3?.close();
  });

  it('streams a 12 MiB file as a multipart upload; stat, whole and ranged reads, remove', async () => {
    const stored = await store.put(chunks(12), { kind: 'video', mime: 'video/mp4', maxBytes: 20 * MIB });
    expect(stored).toMatchObject({ size: 12 * MIB, mime: 'video/mp4' });
    expect(stored.storedName).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(await keys()).toContain(`uploads/${stored.storedName}`);
    expect(await store.stat(stored.storedName)).toEqual({ size: 12 * MIB, mime: 'video/mp4' });

    const whole = await store.open(stored.storedName);
    const bytes = await readAll(whole!.stream);
    expect(bytes.length).toBe(12 * MIB);
    expect([bytes[0], bytes[5 * MIB], bytes[12 * MIB - 1]]).toEqual([0, 5, 11]);

    const part = await store.open(stored.storedName, { start: 3 * MIB - 2, end: 3 * MIB + 1 });
    expect(part!.size).toBe(12 * MIB);
    expect([...(await readAll(part!.stream))]).toEqual([2, 2, 3, 3]);

    await store.remove(stored.storedName);
    await store.remove(stored.storedName);
    expect(await store.stat(stored.storedName)).toBeNull();
    expect(await store.open(stored.storedName)).toBeNull();
  });

  it('keeps nothing of an upload past its limit or of a stream that breaks off', async () => {
    const before = await keys();
    const tooLarge = store.put(chunks(12), { kind: 'video', mime: 'video/mp4', maxBytes: 7 * MIB });
    await expect(tooLarge).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', statusCode: 413 });
    const broken = store.put(chunks(12, 8), { kind: 'video', mime: 'video/mp4', maxBytes: 20 * MIB });
    await expect(broken).rejects.toMatchObject({ code: 'UPLOAD_FAILED', statusCode: 400 });
    expect(await keys()).toEqual(before);
  });

  it('opens only names the store makes', async () => {
    expect(await store.stat('../keys/jwt.pem')).toBeNull();
    expect(await store.open('0123.png')).toBeNull();
    await expect(store.remove('../../etc/passwd')).resolves.toBeUndefined();
  });

  it('checks what an upload is before anything reaches the bucket', async () => {
    const before = await keys();
    const png = Buffer.concat([pngHeader(), Buffer.alloc(4000, 7)]);
    const accepted = await acceptUpload(Readable.from([png]), { allowed: 'image', declaredMime: 'image/png', maxBytes: MIB, store });
    expect(accepted).toMatchObject({ kind: 'image', mime: 'image/png', size: png.length });
    expect(await readAll((await store.open(accepted.storedName))!.stream)).toEqual(png);
    const text = Readable.from([Buffer.from('<script>alert(1)</script>'.repeat(100))]);
    await expect(acceptUpload(text, { allowed: 'image', declaredMime: 'image/png', maxBytes: MIB, store })).rejects.toBeInstanceOf(
      UploadError,
    );
    expect((await keys()).filter((key) => !before.includes(key))).toEqual([`uploads/${accepted.storedName}`]);
  });

  it('keeps receipts under their folder and the key prefix', async () => {
    const prefixed = new S3Bucket(settings('deployment-a/'));
    const receipts = new S3BlobStore(prefixed, 'receipts/');
    const pdf = Buffer.from('%PDF-1.7 receipt');
    await receipts.save('0b0e-receipt.pdf', pdf, 'application/pdf');
    expect(await keys()).toContain('deployment-a/receipts/0b0e-receipt.pdf');
    expect(await receipts.exists('0b0e-receipt.pdf')).toBe(true);
    expect(await receipts.load('0b0e-receipt.pdf')).toEqual(pdf);
    await receipts.remove('0b0e-receipt.pdf');
    expect(await receipts.exists('0b0e-receipt.pdf')).toBe(false);
    expect(await receipts.load('0b0e-receipt.pdf')).toBeNull();
    await expect(receipts.save('../escape.pdf', pdf, 'application/pdf')).rejects.toThrow(/plain file name/);
    prefixed.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE, quickly, while the store is away', async () => {
    const away = new S3Bucket({ ...settings(), S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const awayStore = new S3FileStore(away);
    const upload = awayStore.put(chunks(1), { kind: 'video', mime: 'video/mp4', maxBytes: 20 * MIB });
    await expect(upload).rejects.toBeInstanceOf(AppError);
    await expect(upload).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    await expect(awayStore.stat(`${'a'.repeat(32)}.png`)).rejects.toMatchObject({ statusCode: 503 });
    await expect(new S3BlobStore(away, 'receipts/').load('x.pdf')).rejects.toMatchObject({ statusCode: 503 });
    away.close();
  });
});
