import { SUPPORT_MESSAGE_KEYS, type TSupportErrorCode } from '@portal/contracts/support';
import { AppError } from '../../lib/app-error.ts';

type UploadErrorCode = Extract<TSupportErrorCode, 'FILE_TOO_LARGE' | 'UNSUPPORTED_FILE_TYPE' | 'UPLOAD_FAILED'>;

/**
 * A refused or failed upload. For refusals `message` is an i18n key (the web translates it);
 * `limitMb` fills the `{{limit}}` of support.errorMessageSize.
 */
export class UploadError extends AppError {
  constructor(
    code: UploadErrorCode,
    statusCode: number,
    readonly messageKey: string,
    readonly params: { limitMb?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(code, statusCode, messageKey);
    if (options?.cause !== undefined) this.cause = options.cause;
  }

  static tooLarge(maxBytes: number): UploadError {
    const limitMb = Math.round(maxBytes / (1024 * 1024));
    return new UploadError('FILE_TOO_LARGE', 413, SUPPORT_MESSAGE_KEYS.errorMessageSize, { limitMb });
  }

  static unsupported(kind: 'image' | 'video'): UploadError {
    const key = kind === 'video' ? SUPPORT_MESSAGE_KEYS.unsupportedVideo : SUPPORT_MESSAGE_KEYS.errorMessageFormat;
    return new UploadError('UNSUPPORTED_FILE_TYPE', 415, key);
  }

  /** The client's stream broke off (aborted request, broken multipart): nothing is stored. */
  static failed(cause: unknown): UploadError {
    return new UploadError('UPLOAD_FAILED', 400, 'The upload broke off before it ended', {}, { cause });
  }
}
