import { SUPPORT_MESSAGE_KEYS, UPLOAD_LIMITS, limitInMb } from '@portal/contracts/support';
import { ApiError } from '@/shared/api/client';
import type { Attachments } from '../api/upload';

export interface ServerProblem {
  key: string;
  values?: Record<string, number>;
}

const KNOWN_KEYS = new Set<string>(Object.values(SUPPORT_MESSAGE_KEYS));

/**
 * The spec text for an input the server refused (the browser checks first; the server
 * checks the content again). null when the failure is not about the input.
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
    default:
      return null;
  }
}
