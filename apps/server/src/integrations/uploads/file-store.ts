import type { Readable } from 'node:stream';
import type { TUploadKind, TUploadMime } from '@portal/contracts/support';

export interface PutOptions {
  kind: TUploadKind;
  /** The type detected from the content: it picks the stored name's extension. */
  mime: TUploadMime;
  /** The store refuses (UploadError FILE_TOO_LARGE) and keeps nothing past this size. */
  maxBytes: number;
}

export interface StoredFile {
  /** Server-made: 128 random bits in hex plus the detected type's extension. */
  storedName: string;
  size: number;
  mime: TUploadMime;
}

export interface FileInfo {
  size: number;
  mime: TUploadMime;
}

export interface OpenedFile extends FileInfo {
  stream: Readable;
  /** Size of the whole file, whatever range was asked for. */
  size: number;
}

/** Inclusive byte range, as an HTTP Range header gives it (video players seek with these). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where support attachments live: `DATA_DIR/uploads` by default (LocalFileStore), an
 * S3-compatible bucket when S3_BUCKET is set (S3FileStore). A put either stores the whole stream under a new name or stores
 * nothing: a refused or broken stream leaves no file behind.
 */
export interface FileStore {
  put(stream: Readable, options: PutOptions): Promise<StoredFile>;
  /** Size and type without reading the file; null as for open(). */
  stat(storedName: string): Promise<FileInfo | null>;
  /** Null when no such file exists (or the name is not one this store could have made). */
  open(storedName: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Removing a file that is already gone is not an error. */
  remove(storedName: string): Promise<void>;
}
