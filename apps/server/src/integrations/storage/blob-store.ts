import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Bucket } from './s3-bucket.ts';

/**
 * Small whole files the server makes itself (receipt PDFs): written at once, read at once.
 * Names are chosen by the caller and must be plain file names.
 */
export interface BlobStore {
  save(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  load(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
  /** Removing a file that is already gone is not an error. */
  remove(name: string): Promise<void>;
}

const PLAIN_NAME = /^[\w-][\w.-]{0,200}$/;

const checkName = (name: string): string => {
  if (!PLAIN_NAME.test(name) || name.includes('..')) throw new Error(`not a plain file name: ${name}`);
  return name;
};

const isNotFound = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Files in one folder of the local disk; a file is written to a temp name and renamed whole. */
export class LocalBlobStore implements BlobStore {
  constructor(readonly directory: string) {}

  async save(name: string, data: Buffer): Promise<void> {
    const target = path.join(this.directory, checkName(name));
    await mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async load(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.directory, checkName(name)));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      return (await stat(path.join(this.directory, checkName(name)))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.directory, checkName(name)), { force: true });
  }
}

/** Files under one folder of an S3-compatible bucket. */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly bucket: S3Bucket,
    /** e.g. `receipts/` */
    private readonly folder: string,
  ) {}

  async save(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.bucket.upload(this.folder + checkName(name), Readable.from([data]), contentType);
  }

  async load(name: string): Promise<Buffer | null> {
    const body = await this.bucket.get(this.folder + checkName(name));
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async exists(name: string): Promise<boolean> {
    return (await this.bucket.head(this.folder + checkName(name))) !== null;
  }

  async remove(name: string): Promise<void> {
    await this.bucket.remove(this.folder + checkName(name));
  }
}
