import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_EXTENSIONS, type TUploadMime } from '@portal/contracts/support';
import { UploadError } from './upload-error.ts';

const MIME_BY_EXTENSION = new Map(Object.entries(UPLOAD_EXTENSIONS).map(([mime, ext]) => [ext, mime as TUploadMime]));
/** Only names a store makes can be opened or removed: no path can sneak in. */
const STORED_NAME = /^[0-9a-f]{32}\.([a-z0-9]{2,5})$/;

/** 128 random bits in hex plus the detected type's extension. */
export const newStoredName = (mime: TUploadMime): string => `${randomBytes(16).toString('hex')}.${UPLOAD_EXTENSIONS[mime]}`;

/** The type a stored name stands for; null for a name no store could have made. */
export const parseStoredName = (storedName: string): TUploadMime | null => {
  const ext = STORED_NAME.exec(storedName)?.[1];
  return (ext && MIME_BY_EXTENSION.get(ext)) || null;
};

/** Counts bytes on their way to the store and fails the pipeline the moment the limit is passed. */
export class ByteLimit extends Transform {
  /** Bytes passed so far (not `size` or `length`: stream consumers read those as a total). */
  passed = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.passed += chunk.length;
    if (this.passed > this.maxBytes) return callback(UploadError.tooLarge(this.maxBytes));
    callback(null, chunk);
  }
}
