import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../lib/app-error.ts';

/** The S3_* settings of the configuration. */
export interface S3Settings {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX: string;
}

export interface ObjectBody {
  stream: Readable;
  /** Size of the whole object, whatever range was asked for. */
  size: number;
}

/**
 * Parts of a streamed upload: S3's smallest part is 5 MiB, and at most PART_QUEUE parts are in
 * memory at once, so an upload of any size holds about 10 MiB (a 100 MB video as a 1 KB file).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PART_QUEUE = 2;

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * The store answered with an error or not at all (away, overloaded, credentials refused): the
 * client may retry; the cause stays in the log.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE', 503, 'The file store is briefly unavailable, please try again in a moment', { retryAfter: 5 });
    this.cause = cause;
  }
}

/** Runs one call to the store; its failures leave as StorageUnavailableError. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof AppError ? error : new StorageUnavailableError(error);
  }
}

/**
 * One bucket (and key prefix) of an S3-compatible store, through the AWS SDK v3: AWS S3,
 * MinIO, Ceph, Cloudflare R2, Backblaze B2 and the like. Objects appear whole or not at all:
 * a streamed upload is a multipart upload, completed only after its last part and aborted on
 * any error, so a reader never sees half a file and a failed upload leaves nothing billable.
 */
export class S3Bucket {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings & { S3_BUCKET: string }, client?: S3Client) {
    this.bucket = settings.S3_BUCKET;
    this.prefix = settings.S3_PREFIX;
    this.client =
      client ??
      new S3Client({
        region: settings.S3_REGION,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE,
        ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
        ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } }
          : {}),
        // A store that is away fails a request in seconds instead of holding a player's upload.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        maxAttempts: 3,
      });
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /**
   * Streams `body` into the object `name`; rejects (and stores nothing) when the stream fails:
   * with the stream's own error when it broke, StorageUnavailableError when the store did.
   */
  async upload(name: string, body: Readable, contentType: string): Promise<void> {
    let bodyError: unknown;
    body.once('error', (error) => (bodyError = error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(name), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
    });
    try {
      await upload.done();
    } catch (error) {
      if (bodyError !== undefined) throw bodyError;
      throw error instanceof AppError ? error : new StorageUnavailableError(error);
    }
  }

  /** The object, or a byte range of it; null when there is no such object. */
  async get(name: string, range?: { start: number; end: number }): Promise<ObjectBody | null> {
    try {
      const answer = await guarded(() =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: this.key(name),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        ),
      );
      const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
      return { stream: answer.Body as Readable, size: total ? Number(total) : Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing((error as Error).cause)) return null;
      throw error;
    }
  }

  /** The object's size and type; null when there is no such object. */
  async head(name: string): Promise<{ size: number; contentType: string | undefined } | null> {
    try {
      const answer = await guarded(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) })));
      return { size: Number(answer.ContentLength ?? 0), contentType: answer.ContentType };
    } catch (error) {
      if (isMissing((error as Error).cause)) return null;
      throw error;
    }
  }

  /** Deleting an object that is already gone is not an error (S3 answers 204 either way). */
  async remove(name: string): Promise<void> {
    await guarded(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) })));
  }

  /** Whether the bucket is there and these credentials reach it (checked once at start). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The configured bucket, or null when files stay in DATA_DIR. */
export const s3BucketOf = (settings: S3Settings): S3Bucket | null =>
  settings.S3_BUCKET ? new S3Bucket({ ...settings, S3_BUCKET: settings.S3_BUCKET }) : null;
