import { IMAGE_MAX_BYTES, IMAGE_TYPES, VIDEO_MAX_BYTES, VIDEO_TYPES } from '@portal/contracts/validation';

export type AttachmentKind = 'image' | 'video';

const LIMITS = {
  image: { types: IMAGE_TYPES as readonly string[], maxBytes: IMAGE_MAX_BYTES },
  video: { types: VIDEO_TYPES as readonly string[], maxBytes: VIDEO_MAX_BYTES },
} as const;

export const acceptOf = (kind: AttachmentKind): string => LIMITS[kind].types.join(',');

/**
 * The player's upload rules (spec section 5), same texts: a wrong type gives
 * support.errorMessageFormat, a too large file support.errorMessageSize with the limit in MB.
 */
export function checkAttachment(kind: AttachmentKind, file: File): { key: string; limit?: number } | null {
  const { types, maxBytes } = LIMITS[kind];
  if (!types.includes(file.type)) return { key: 'support.errorMessageFormat' };
  if (file.size > maxBytes) return { key: 'support.errorMessageSize', limit: Math.round(maxBytes / 1_048_576) };
  return null;
}
