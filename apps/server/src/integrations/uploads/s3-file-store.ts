import type { Readable } from 'node:stream';
import type { S3Bucket } from '../storage/s3-bucket.ts';
import type { ByteRange, FileInfo, FileStore, OpenedFile, PutOptions, StoredFile } from './file-store.ts';
import { AppError } from '../../lib/app-error.ts';
import { ByteLimit, newStoredName, parseStoredName } from './stored-name.ts';
import { UploadError } from './upload-error.ts';

/** Attachments are kept under this folder of the bucket (after S3_PREFIX). */
const FOLDER = 'uploads/';

/**
 * Attachments in an S3-compatible bucket: every process of every machine reads what any of
 * them stored. Uploads stream as multipart uploads with a bounded number of parts in memory;
 * a refused or broken stream aborts the upload and leaves no object.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly bucket: S3Bucket,
    /** the key prefix of the objects, `uploads/` (support attachments) unless given */
    private readonly folder = FOLDER,
  ) {}

  async put(stream: Readable, options: PutOptions): Promise<StoredFile> {
    const storedName = newStoredName(options.mime);
    const limit = new ByteLimit(options.maxBytes);
    // The source's errors (a broken upload) reach the upload through the limit.
    stream.once('error', (error) => limit.destroy(error));
    try {
      await this.bucket.upload(this.folder + storedName, stream.pipe(limit), options.mime);
    } catch (error) {
      stream.unpipe(limit);
      limit.destroy();
      // The client's stream broke (or passed the limit): the upload's own error; else the store's 503.
      throw error instanceof AppError || !(error instanceof Error) ? error : UploadError.failed(error);
    }
    return { storedName, size: limit.passed, mime: options.mime };
  }

  async stat(storedName: string): Promise<FileInfo | null> {
    const mime = parseStoredName(storedName);
    if (!mime) return null;
    const head = await this.bucket.head(this.folder + storedName);
    return head ? { size: head.size, mime } : null;
  }

  async open(storedName: string, range?: ByteRange): Promise<OpenedFile | null> {
    const mime = parseStoredName(storedName);
    if (!mime) return null;
    const body = await this.bucket.get(this.folder + storedName, range);
    return body ? { ...body, mime } : null;
  }

  async remove(storedName: string): Promise<void> {
    if (!parseStoredName(storedName)) return;
    await this.bucket.remove(this.folder + storedName);
  }
}
