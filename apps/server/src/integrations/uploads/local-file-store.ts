import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileInfo, FileStore, OpenedFile, PutOptions, StoredFile } from './file-store.ts';
import { ByteLimit, newStoredName, parseStoredName } from './stored-name.ts';

const isNotFound = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export interface LocalFileStoreOptions {
  /** The product's DATA_DIR; files go to `${dataDir}/${folder}`, partial ones to its `.tmp`. */
  dataDir: string;
  /** default `uploads` (support attachments) */
  folder?: string;
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
    this.directory = path.resolve(options.dataDir, options.folder ?? 'uploads');
    this.tempDirectory = path.join(this.directory, '.tmp');
  }

  private ensureDirectories(): Promise<void> {
    this.ready ??= mkdir(this.tempDirectory, { recursive: true }).then(() => undefined);
    return this.ready;
  }

  async put(stream: Readable, options: PutOptions): Promise<StoredFile> {
    await this.ensureDirectories();
    const storedName = newStoredName(options.mime);
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
    return { storedName, size: limit.passed, mime: options.mime };
  }

  async stat(storedName: string): Promise<FileInfo | null> {
    const mime = parseStoredName(storedName);
    if (!mime) return null;
    try {
      const info = await stat(path.join(this.directory, storedName));
      return info.isFile() ? { size: info.size, mime } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
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
