import {
  SUPPORT_MESSAGE_KEYS,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
  isUploadMimeOf,
  limitInMb,
  type TUploadKind,
} from '@portal/contracts/support-constants';

/** An i18n key and its values, shown under the file field. */
export interface UploadProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** Browsers give some containers (mkv, sometimes avi) no MIME type: the extension decides then. */
function mimeOf(kind: TUploadKind, file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const found = (UPLOAD_LIMITS[kind].types as readonly string[]).find(
    (mime) => UPLOAD_EXTENSIONS[mime as keyof typeof UPLOAD_EXTENSIONS] === extension,
  );
  return found ?? '';
}

/**
 * For the player's support form and the staff reply alike: images jpeg/png/webp up to 5 MB, videos mp4/mov/avi/webm/mkv up to 100 MB;
 * support.errorMessageFormat for another type, support.errorMessageSize with the limit in MB.
 * The server checks the content again.
 */
export function validateUpload(kind: TUploadKind, file: File): UploadProblem | null {
  const mime = mimeOf(kind, file);
  if (!isUploadMimeOf(kind, mime)) {
    return { key: kind === 'video' ? SUPPORT_MESSAGE_KEYS.unsupportedVideo : SUPPORT_MESSAGE_KEYS.errorMessageFormat };
  }
  const { maxBytes } = UPLOAD_LIMITS[kind];
  if (file.size > maxBytes) return { key: SUPPORT_MESSAGE_KEYS.errorMessageSize, values: { limit: limitInMb(maxBytes) } };
  return null;
}
