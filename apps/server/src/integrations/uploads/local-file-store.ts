import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_EXTENSIONS, type TUploadMime } from '@portal/contracts/support';
import type { ByteRange, FileStore, OpenedFile, PutOptions, StoredFile } from './file-store.ts';
import { UploadError } from './upload-error.ts';

const MIME_BY_EXTENSION = new Map(
  Object.entries(UPLOAD_EXTENSIONS).map(([mime, ext]) => [ext, mime as TUploadMime]),
);
/** Only names this store makes can be opened or removed: no path can sneak in. */
const STORED_NAME = /^[0-9a-f]{32}\.([a-z0-9]{2,5})$/;

const parseStoredName = (storedName: string): TUploadMime | null => {
  const ext = STORED_NAME.exec(storedName)?.[1];
  return (ext && MIME_BY_EXTENSION.get(ext)) || null;
};

const isNotFound = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Counts bytes on their way to disk and fails the pipeline the moment the limit is passed. */
class ByteLimit extends Transform {
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(UploadError.tooLarge(this.maxBytes));
    callback(null, chunk);
  }
}

export interface LocalFileStoreOptions {
  /** The product's DATA_DIR; files go to `${dataDir}/uploads`, partial ones to its `.tmp`. */
  dataDir: string;
}

/**
 * Attachments on the local disk. Each upload is written to a temp file and renamed into
 * place only once complete, so a reader never sees half a file and a failure leaves none.
 */
export class LocalFileStore implements FileStore {
  readonly directory: string;
  readonly tempDirectory: string;
  private ready: Promise<void> | undefined;

  constructor(options: LocalFileStoreOptions) {
    this.directory = path.resolve(options.dataDir, 'uploads');
    this.tempDirectory = path.join(this.directory, '.tmp');
  }

  private ensureDirectories(): Promise<void> {
    this.ready ??= mkdir(this.tempDirectory, { recursive: true }).then(() => undefined);
    return this.ready;
  }

  async put(stream: Readable, options: PutOptions): Promise<StoredFile> {
    await this.ensureDirectories();
    const storedName = `${randomBytes(16).toString('hex')}.${UPLOAD_EXTENSIONS[options.mime]}`;
    const tempPath = path.join(this.tempDirectory, `${storedName}.part`);
    const limit = new ByteLimit(options.maxBytes);
    try {
      // 'wx': a name collision (2^-128) fails instead of mixing two uploads in one file.
      await pipeline(stream, limit, createWriteStream(tempPath, { flags: 'wx' }));
      await rename(tempPath, path.join(this.directory, storedName));
    } catch (error) {
      await unlink(tempPath).catch((unlinkError: unknown) => {
        if (!isNotFound(unlinkError)) throw unlinkError;
      });
      throw error;
    }
    return { storedName, size: limit.size, mime: options.mime };
  }

  async open(storedName: string, range?: ByteRange): Promise<OpenedFile | null> {
    const mime = parseStoredName(storedName);
    if (!mime) return null;
    const filePath = path.join(this.directory, storedName);
    try {
      const { size } = await stat(filePath);
      const stream = createReadStream(filePath, range ? { start: range.start, end: range.end } : {});
      return { stream, size, mime };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(storedName: string): Promise<void> {
    if (!parseStoredName(storedName)) return;
    await unlink(path.join(this.directory, storedName)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }

  /**
   * Deletes partial files a crashed process left in the temp folder. Only files older than
   * `olderThanMs` go, so it is safe while other uploads (or other processes) are writing.
   */
  async sweepTemp(olderThanMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
    await this.ensureDirectories();
    let removed = 0;
    for (const name of await readdir(this.tempDirectory)) {
      const filePath = path.join(this.tempDirectory, name);
      const info = await stat(filePath).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await unlink(filePath).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }
}
