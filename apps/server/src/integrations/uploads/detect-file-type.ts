import { UPLOAD_EXTENSIONS, type TUploadKind, type TUploadMime } from '@portal/contracts/support';

/**
 * Content sniffing for the eight types support accepts, by their magic
 * bytes. Written here rather than taken from `file-type`: that library knows hundreds of
 * formats and names some of ours differently (AVI as video/vnd.avi, M4V as video/x-m4v),
 * so we would map and re-filter its answer anyway; our list is eight signatures.
 */
export interface DetectedFileType {
  mime: TUploadMime;
  kind: TUploadKind;
  ext: string;
}

/** How many leading bytes detection wants; the EBML header of webm/mkv sits well within. */
export const DETECT_BYTES = 4100;

const detected = (mime: TUploadMime): DetectedFileType => ({
  mime,
  kind: mime.startsWith('image/') ? 'image' : 'video',
  ext: UPLOAD_EXTENSIONS[mime],
});

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  start + length <= bytes.length ? String.fromCharCode(...bytes.subarray(start, start + length)) : '';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** ISO base media brands we read as MP4, and QuickTime's own. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4']);
const QUICKTIME_BRAND = 'qt  ';

/** `ftyp` box at offset 4: major brand, minor version, then compatible brands. */
function detectFtyp(bytes: Uint8Array): DetectedFileType | null {
  if (ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return null;
  const major = ascii(bytes, 8, 4);
  if (major === QUICKTIME_BRAND) return detected('video/quicktime');
  if (MP4_BRANDS.has(major)) return detected('video/mp4');
  // An unknown major brand still counts when a compatible brand is one of ours.
  const end = Math.min(boxSize, bytes.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = ascii(bytes, offset, 4);
    if (brand === QUICKTIME_BRAND) return detected('video/quicktime');
    if (MP4_BRANDS.has(brand)) return detected('video/mp4');
  }
  return null;
}

/** An EBML variable-length integer: its length from the leading zero bits of the first byte. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[offset + i]!;
  return { value, length };
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;
const DOCTYPE_ID = 0x4282;

/** Matroska and WebM share the EBML header; its DocType child tells them apart. */
function detectEbml(bytes: Uint8Array): DetectedFileType | null {
  if (!startsWith(bytes, EBML_MAGIC)) return null;
  const headerSize = readVint(bytes, 4, false);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(offset + headerSize.value, bytes.length);
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    if (!id) return null;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === DOCTYPE_ID) {
      const docType = ascii(bytes, dataStart, size.value).replace(/\0+$/, '');
      if (docType === 'webm') return detected('video/webm');
      if (docType === 'matroska') return detected('video/x-matroska');
      return null;
    }
    offset = dataStart + size.value;
  }
  return null;
}

/**
 * The accepted type the content is, or null. Give it the first DETECT_BYTES bytes (fewer
 * when the file is shorter); the declared type and the file name play no part.
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return detected('image/jpeg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return detected('image/png');
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4);
    if (form === 'WEBP') return detected('image/webp');
    if (form === 'AVI ') return detected('video/x-msvideo');
    return null;
  }
  return detectFtyp(bytes) ?? detectEbml(bytes);
}
