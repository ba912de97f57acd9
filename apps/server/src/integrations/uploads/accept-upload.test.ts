import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@portal/contracts/validation';
import { acceptUpload, type AcceptUploadOptions } from './accept-upload.ts';
import { LocalFileStore } from './local-file-store.ts';
import { aviHeader, ebmlHeader, ftypHeader, generatedStream, jpegHeader, pngHeader, webpHeader } from './test-files.ts';
import { UploadError } from './upload-error.ts';

let dataDir: string;
let store: LocalFileStore;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  store = new LocalFileStore({ dataDir });
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const image = (declaredMime: string): AcceptUploadOptions => ({ allowed: 'image', declaredMime, maxBytes: IMAGE_MAX_BYTES, store });
const video = (declaredMime: string): AcceptUploadOptions => ({ allowed: 'video', declaredMime, maxBytes: VIDEO_MAX_BYTES, store });
const withBody = (header: Buffer, size = 10_000) => Buffer.concat([header, Buffer.alloc(size - header.length, 7)]);
/** A stream of the given buffers, one chunk each (like the network hands them over). */
const chunks = (...buffers: Buffer[]) => Readable.from(buffers, { objectMode: false });

/** The uploads folder and its temp folder hold nothing but the given stored names. */
async function expectStored(...names: string[]): Promise<void> {
  const files = await readdir(store.directory).catch(() => []);
  expect(files.filter((name) => name !== '.tmp').sort()).toEqual([...names].sort());
  expect(await readdir(store.tempDirectory).catch(() => [])).toEqual([]);
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => expect.fail('the upload was accepted'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe('acceptUpload: accepted files', () => {
  it.each([
    ['jpeg', jpegHeader(), 'image/jpeg', 'jpg', 'image'],
    ['png', pngHeader(), 'image/png', 'png', 'image'],
    ['webp', webpHeader(), 'image/webp', 'webp', 'image'],
    ['mp4', ftypHeader('isom'), 'video/mp4', 'mp4', 'video'],
    ['mov', ftypHeader('qt  '), 'video/quicktime', 'mov', 'video'],
    ['avi', aviHeader(), 'video/x-msvideo', 'avi', 'video'],
    ['webm', ebmlHeader('webm'), 'video/webm', 'webm', 'video'],
    ['mkv', ebmlHeader('matroska'), 'video/x-matroska', 'mkv', 'video'],
  ] as const)('stores a %s under a server-made name with the detected extension', async (_name, header, mime, ext, kind) => {
    const content = withBody(header);
    const options = kind === 'image' ? image(mime) : video(mime);
    // Split inside the header: detection must gather the first bytes across chunks.
    const accepted = await acceptUpload(chunks(content.subarray(0, 3), content.subarray(3, 500), content.subarray(500)), options);
    expect(accepted).toMatchObject({ kind, mime, size: content.length });
    expect(accepted.storedName).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    expect(await readFile(path.join(store.directory, accepted.storedName))).toEqual(content);
    await expectStored(accepted.storedName);
  });

  it('stores a file shorter than the detection window', async () => {
    const accepted = await acceptUpload(chunks(pngHeader()), image('image/png'));
    expect(accepted.size).toBe(pngHeader().length);
  });

  it('trusts content over a generic or mismatched-within-family declared type', async () => {
    const mkv = await acceptUpload(chunks(withBody(ebmlHeader('matroska'))), video('application/octet-stream'));
    expect(mkv.mime).toBe('video/x-matroska');
    const mov = await acceptUpload(chunks(withBody(ftypHeader('qt  '))), video('video/mp4'));
    expect(mov.mime).toBe('video/quicktime');
    const png = await acceptUpload(chunks(withBody(pngHeader())), image(''));
    expect(png.mime).toBe('image/png');
  });

  it('accepts exactly the limit', async () => {
    const accepted = await acceptUpload(generatedStream(pngHeader(), IMAGE_MAX_BYTES), image('image/png'));
    expect(accepted.size).toBe(IMAGE_MAX_BYTES);
  });
});

describe('acceptUpload: refused content', () => {
  it('refuses a PNG renamed .mp4 (declared video/mp4) with the video message', async () => {
    const error = await refusal(acceptUpload(chunks(withBody(pngHeader())), video('video/mp4')));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', statusCode: 415, message: 'support.unsupportedVideo' });
    await expectStored();
  });

  it('refuses a text file declared image/png with the format message', async () => {
    const error = await refusal(acceptUpload(chunks(Buffer.from('just some text, not an image at all\n'.repeat(300))), image('image/png')));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', statusCode: 415, messageKey: 'support.errorMessageFormat' });
    await expectStored();
  });

  it('refuses a video in the image field and an image in the video field', async () => {
    await refusal(acceptUpload(chunks(withBody(ftypHeader('isom'))), image('image/png')));
    await refusal(acceptUpload(chunks(withBody(jpegHeader())), video('video/mp4')));
    await expectStored();
  });

  it('refuses a real image declared as another family', async () => {
    const error = await refusal(acceptUpload(chunks(withBody(pngHeader())), image('text/html')));
    expect(error.code).toBe('UNSUPPORTED_FILE_TYPE');
    await expectStored();
  });

  it('refuses an empty file', async () => {
    await refusal(acceptUpload(chunks(), image('image/png')));
    await expectStored();
  });

  it('drains the rest of a refused stream, so a multipart parser can finish', async () => {
    const source = generatedStream(Buffer.from('not a video'), 2_000_000);
    const ended = new Promise((resolve) => source.once('end', resolve));
    await refusal(acceptUpload(source, video('video/mp4')));
    await ended;
    expect(source.readableEnded).toBe(true);
  });
});

describe('acceptUpload: size limit and broken streams', () => {
  it('aborts an oversize stream with 413 and the limit in MB, leaving no file', async () => {
    const source = generatedStream(pngHeader(), IMAGE_MAX_BYTES + 1);
    const error = await refusal(acceptUpload(source, image('image/png')));
    expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', statusCode: 413, message: 'support.errorMessageSize', params: { limitMb: 5 } });
    await expectStored();
  });

  it('aborts when the first chunk alone is over the limit', async () => {
    const error = await refusal(acceptUpload(chunks(withBody(pngHeader(), 5_000)), { ...image('image/png'), maxBytes: 1_000 }));
    expect(error.code).toBe('FILE_TOO_LARGE');
    await expectStored();
  });

  it('reports the video limit as 100 MB', () => {
    expect(UploadError.tooLarge(VIDEO_MAX_BYTES).params.limitMb).toBe(100);
  });

  it('keeps no file when the client stream breaks mid-way', async () => {
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent === 0) this.push(withBody(ftypHeader('isom'), 64 * 1024));
        else if (sent < 10) this.push(Buffer.alloc(64 * 1024));
        else this.destroy(new Error('client went away'));
        sent++;
      },
    });
    const error = await refusal(acceptUpload(source, video('video/mp4')));
    expect(error).toMatchObject({ code: 'UPLOAD_FAILED', statusCode: 400 });
    await expectStored();
  });

  it('keeps no file when the stream breaks inside the first bytes', async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('reset'));
      },
    });
    expect((await refusal(acceptUpload(source, image('image/png')))).code).toBe('UPLOAD_FAILED');
    await expectStored();
  });
});

describe('acceptUpload: memory and concurrency', () => {
  it('streams a 100 MB video through with flat memory', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    try {
      const accepted = await acceptUpload(generatedStream(ftypHeader('isom'), VIDEO_MAX_BYTES), video('video/mp4'));
      expect(accepted.size).toBe(VIDEO_MAX_BYTES);
      await expectStored(accepted.storedName);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - before) / (1024 * 1024);
    console.log(`100 MB upload: rss growth ${growthMb.toFixed(1)} MB, ${(performance.now() - started).toFixed(0)} ms`);
    // Holding the file would grow rss by at least its 100 MB.
    expect(growthMb).toBeLessThan(50);
  });

  it('runs concurrent uploads into distinct files with their own bytes', async () => {
    const contents = Array.from({ length: 24 }, (_, i) => withBody(i % 2 ? pngHeader() : jpegHeader(), 50_000 + i * 1_000));
    const accepted = await Promise.all(
      contents.map((content) => acceptUpload(chunks(content.subarray(0, 1000), content.subarray(1000)), image('image/jpeg'))),
    );
    expect(new Set(accepted.map((file) => file.storedName)).size).toBe(contents.length);
    for (const [i, file] of accepted.entries()) {
      expect(await readFile(path.join(store.directory, file.storedName))).toEqual(contents[i]);
    }
    await expectStored(...accepted.map((file) => file.storedName));
  });

  it('mixes refused and accepted concurrent uploads without leftovers', async () => {
    const results = await Promise.allSettled([
      acceptUpload(generatedStream(pngHeader(), IMAGE_MAX_BYTES + 10), image('image/png')),
      acceptUpload(chunks(withBody(pngHeader())), image('image/png')),
      acceptUpload(chunks(Buffer.from('text'.repeat(2000))), image('image/png')),
      acceptUpload(chunks(withBody(webpHeader())), image('image/webp')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.storedName] : []));
    await expectStored(...stored);
  });
});

describe('LocalFileStore', () => {
  it('opens a stored file whole or by range, and removes it', async () => {
    const content = withBody(jpegHeader(), 1000);
    const { storedName } = await acceptUpload(chunks(content), image('image/jpeg'));
    const whole = await store.open(storedName);
    expect(whole).toMatchObject({ size: 1000, mime: 'image/jpeg' });
    expect(Buffer.concat(await whole!.stream.toArray())).toEqual(content);
    const part = await store.open(storedName, { start: 10, end: 19 });
    expect(Buffer.concat(await part!.stream.toArray())).toEqual(content.subarray(10, 20));
    await store.remove(storedName);
    expect(await store.open(storedName)).toBeNull();
    await store.remove(storedName);
    await expectStored();
  });

  it('opens and removes only names it makes', async () => {
    await writeFile(path.join(dataDir, 'secret.txt'), 'secret');
    for (const name of ['../secret.txt', '..%2fsecret.txt', 'secret.txt', `${'a'.repeat(32)}.exe`, `${'A'.repeat(32)}.png`, '']) {
      expect(await store.open(name)).toBeNull();
      await store.remove(name);
    }
    expect(await readFile(path.join(dataDir, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('sweeps stale partial files a crash left behind', async () => {
    await acceptUpload(chunks(withBody(pngHeader())), image('image/png'));
    await writeFile(path.join(store.tempDirectory, 'left-over.part'), 'x');
    expect(await store.sweepTemp(60_000, Date.now() + 120_000)).toBe(1);
    expect(await readdir(store.tempDirectory)).toEqual([]);
  });
});
