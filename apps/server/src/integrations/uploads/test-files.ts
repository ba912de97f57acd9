import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Minimal real headers of each accepted type, built byte by byte as their formats define
 * them, for tests and the upload bench.
 */
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const u32be = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number): number[] => u32be(n).reverse();

export const jpegHeader = (): Buffer =>
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);

export const pngHeader = (): Buffer =>
  Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(1),
    ...u32be(1),
    0x08,
    0x06,
    0x00,
    0x00,
    0x00,
    0x1f,
    0x15,
    0xc4,
    0x89,
  ]);

export const webpHeader = (): Buffer =>
  Buffer.from([...ascii('RIFF'), ...u32le(26), ...ascii('WEBP'), ...ascii('VP8 '), ...u32le(14), 0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a]);

export const aviHeader = (): Buffer =>
  Buffer.from([...ascii('RIFF'), ...u32le(1000), ...ascii('AVI '), ...ascii('LIST'), ...u32le(200), ...ascii('hdrlavih')]);

/** An `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands; then `mdat`. */
export const ftypHeader = (major: string, compatible: string[] = ['isom']): Buffer => {
  const size = 16 + 4 * compatible.length;
  return Buffer.from([
    ...u32be(size),
    ...ascii('ftyp'),
    ...ascii(major),
    ...u32be(0x200),
    ...compatible.flatMap(ascii),
    ...u32be(8),
    ...ascii('mdat'),
  ]);
};

/** An EBML header (as mkvmerge writes it) whose DocType is `docType`, then a Segment start. */
export const ebmlHeader = (docType: string, longSize = false): Buffer => {
  const element = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
  const body = [
    ...element([0x42, 0x86], [1]), // EBMLVersion
    ...element([0x42, 0xf7], [1]), // EBMLReadVersion
    ...element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ...element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...element([0x42, 0x82], ascii(docType)), // DocType
    ...element([0x42, 0x87], [4]), // DocTypeVersion
    ...element([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  const size = longSize ? [0x01, 0, 0, 0, 0, 0, 0, body.length] : [0x80 | body.length];
  return Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...size, ...body, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff]);
};

/**
 * A stream of `totalBytes`: `header` then zeros, made chunk by chunk as it is read, so a
 * test can push 100 MB through without holding it.
 */
export function generatedStream(header: Buffer, totalBytes: number, chunkBytes = 64 * 1024): Readable {
  let sent = 0;
  const zeros = Buffer.alloc(chunkBytes);
  return new Readable({
    read() {
      if (sent >= totalBytes) return this.push(null);
      let chunk: Buffer;
      if (sent === 0) {
        chunk = Buffer.concat([header, zeros]).subarray(0, Math.min(chunkBytes, totalBytes));
      } else {
        chunk = zeros.subarray(0, Math.min(chunkBytes, totalBytes - sent));
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const pngChunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([Buffer.from(u32be(data.length)), body, Buffer.from(u32be(crc32(body) >>> 0))]);
};

/** A PNG's signature and header declaring `width`x`height` pixels, with nothing behind it: what a decompression bomb starts with. */
export function pngHeaderOfSize(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.from([...u32be(width), ...u32be(height), 8, 6, 0, 0, 0])),
    Buffer.alloc(1024, 0),
  ]);
}

/** A whole, valid RGB PNG of `width`x`height` pixels in one colour. */
export function solidPng(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + width * 3, 90);
  row[0] = 0; // no filter
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.from([...u32be(width), ...u32be(height), 8, 2, 0, 0, 0])),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A baseline JPEG's markers up to its frame header, `width`x`height` pixels, optionally with
 * an EXIF orientation (5 to 8 turn it a quarter): enough to read its size, not to draw it.
 */
export function jpegOfSize(width: number, height: number, orientation?: number): Buffer {
  const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
  const exif = orientation
    ? (() => {
        // A big-endian TIFF with one IFD entry: Orientation (0x0112), SHORT, count 1.
        const tiff = [
          ...ascii('MM'),
          0x00,
          0x2a,
          ...u32be(8),
          ...u16be(1),
          0x01,
          0x12,
          ...u16be(3),
          ...u32be(1),
          ...u16be(orientation),
          0,
          0,
          ...u32be(0),
        ];
        const body = [...ascii('Exif'), 0, 0, ...tiff];
        return [0xff, 0xe1, ...u16be(body.length + 2), ...body];
      })()
    : [];
  const frame = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([...jpegHeader(), ...exif, ...frame, 0xff, 0xd9]);
}
