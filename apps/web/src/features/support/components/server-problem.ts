import { SUPPORT_MESSAGE_KEYS, UPLOAD_LIMITS, limitInMb } from '@portal/contracts/support-constants';
import { ApiError } from '@/shared/api/client';
import type { Attachments } from '../api/upload';

export interface ServerProblem {
  key: string;
  values?: Record<string, number>;
}

const KNOWN_KEYS = new Set<string>(Object.values(SUPPORT_MESSAGE_KEYS));

/** Server limits that refuse the send for now, not its input: a plain sentence each. */
const LIMIT_KEYS: Record<string, string> = {
  UPLOAD_QUOTA_EXCEEDED: 'support.uploadQuotaExceeded',
  STORAGE_FULL: 'support.storageFull',
  TOO_MANY_STREAMS: 'support.tooManyStreams',
};

/**
 * The text for a send the server refused: the validation text for a refused input (the browser
 * checks first; the server checks the content again), or a server limit's sentence (upload
 * quota, full disk, too many streams). null for any other failure.
 */
export function serverProblem(error: unknown, files: Attachments): ServerProblem | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'FILE_TOO_LARGE': {
      const given = Number((error.body.params as { limitMb?: unknown } | undefined)?.limitMb ?? error.body.limitMb);
      const kind = files.video && !files.image ? 'video' : 'image';
      const limit = Number.isFinite(given) && given > 0 ? given : limitInMb(UPLOAD_LIMITS[kind].maxBytes);
      return { key: SUPPORT_MESSAGE_KEYS.errorMessageSize, values: { limit } };
    }
    case 'UNSUPPORTED_FILE_TYPE':
      return { key: KNOWN_KEYS.has(error.message) ? error.message : SUPPORT_MESSAGE_KEYS.errorMessageFormat };
    case 'DESCRIPTION_EMPTY':
      return { key: SUPPORT_MESSAGE_KEYS.descriptionEmptyWarning };
    default: {
      const key = LIMIT_KEYS[error.code];
      return key ? { key } : null;
    }
  }
}
