import { Readable } from 'node:stream';
import type { TUploadKind } from '@portal/contracts/support';
import { DETECT_BYTES, detectFileType } from './detect-file-type.ts';
import type { FileStore, StoredFile } from './file-store.ts';
import { AppError } from '../../lib/app-error.ts';
import { UploadError } from './upload-error.ts';

export interface AcceptUploadOptions {
  /** Which family the field takes: the `image` field only images, `video` only videos. */
  allowed: TUploadKind;
  /** The part's Content-Type as the client sent it. Never trusted, only cross-checked. */
  declaredMime: string | undefined;
  maxBytes: number;
  store: FileStore;
}

export interface AcceptedUpload extends StoredFile {
  kind: TUploadKind;
}

// Some browsers send no type, or a generic one, for files they do not know (mkv, avi):
// then the content alone decides.
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const declaredFamily = (declaredMime: string | undefined): string | null => {
  const mime = (declaredMime ?? '').split(';')[0]!.trim().toLowerCase();
  return GENERIC_TYPES.has(mime) ? null : (mime.split('/')[0] ?? '');
};

const toBuffer = (chunk: unknown): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);

/**
 * Streams one uploaded file into the store after checking what it is.
 *
 * The first bytes are read and sniffed before anything is written: a content that is not
 * an accepted type of the `allowed` family, or whose declared type names another family,
 * is refused with 415. Bytes are counted as they pass and the upload fails with 413 the
 * moment it exceeds `maxBytes`. Only one chunk at a time is held (plus the first
 * DETECT_BYTES), so memory stays flat for any size. On every refusal or stream error the
 * store keeps nothing, and the rest of the source is drained (not stored) so a multipart
 * parser behind it can finish the request.
 */
export async function acceptUpload(source: Readable, options: AcceptUploadOptions): Promise<AcceptedUpload> {
  const { allowed, maxBytes, store } = options;
  // Not destroyed on return: a refused part is drained instead (see drain()).
  const iterator = source.iterator({ destroyOnReturn: false }) as AsyncIterator<unknown>;
  let received = 0;
  const refuse = async (error: unknown): Promise<never> => {
    await iterator.return?.();
    drain(source);
    throw error;
  };

  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  try {
    while (headLength < DETECT_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = toBuffer(next.value);
      head.push(chunk);
      headLength += chunk.length;
    }
  } catch (error) {
    return refuse(UploadError.failed(error));
  }
  received = headLength;
  if (received > maxBytes) return refuse(UploadError.tooLarge(maxBytes));

  const prefix = Buffer.concat(head, headLength);
  const detected = detectFileType(prefix);
  const family = declaredFamily(options.declaredMime);
  if (!detected || detected.kind !== allowed || (family !== null && family !== allowed)) {
    return refuse(UploadError.unsupported(allowed));
  }
  const { kind, mime } = detected;

  async function* body(): AsyncGenerator<Buffer> {
    yield prefix;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const chunk = toBuffer(next.value);
      received += chunk.length;
      if (received > maxBytes) throw UploadError.tooLarge(maxBytes);
      yield chunk;
    }
  }

  try {
    const stored = await store.put(Readable.from(body(), { objectMode: false }), {
      kind,
      mime,
      maxBytes,
    });
    return { ...stored, kind };
  } catch (error) {
    // The store's own failure (a 503 of an unreachable bucket) stays what it is.
    return refuse(error instanceof AppError ? error : UploadError.failed(error));
  }
}

/**
 * Reads and discards what is left of a refused upload, so a multipart parser waiting on
 * this part can finish the request (and the client reads the 4xx). Memory stays flat.
 * On the next tick: the iterator's 'readable' listener must be gone for resume() to flow.
 */
function drain(source: Readable): void {
  if (source.destroyed || source.readableEnded) return;
  source.on('error', () => undefined);
  setImmediate(() => source.resume());
}
