import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression costs more than it saves (same threshold as the plugin). */
const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer serialized once: its bytes, a strong ETag from their SHA-256, and the
 * compressed variants made on first demand. Read endpoints send these bytes as they are,
 * so a hit costs a map lookup, not a query, a validation and a JSON.stringify.
 */
export class CachedJson {
  readonly body: Buffer;
  readonly etag: string;
  private readonly hash: string;
  private readonly variants = new Map<Encoding, Promise<Buffer>>();

  constructor(json: string) {
    this.body = Buffer.from(json, 'utf8');
    this.hash = createHash('sha256').update(this.body).digest('base64url').slice(0, 27);
    this.etag = `"${this.hash}"`;
  }

  /** Strong tags differ per encoding (RFC 9110 8.8.3); all share the hash of the JSON. */
  etagFor(encoding: Encoding | null): string {
    return encoding ? `"${this.hash}-${encoding}"` : this.etag;
  }

  /** If-None-Match matches any representation of the same JSON. */
  matches(ifNoneMatch: string): boolean {
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch.split(',').some((tag) => {
      const bare = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
      return bare === this.hash || bare === `${this.hash}-br` || bare === `${this.hash}-gzip`;
    });
  }

  compressed(encoding: Encoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipAsync(this.body, { level: 9 });
      this.variants.set(encoding, variant);
    }
    return variant;
  }

  get compressible(): boolean {
    return this.body.length >= COMPRESS_THRESHOLD;
  }
}

/** Picks br over gzip when the client accepts it (q=0 means "not acceptable"). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let gzipOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : null;
}

/**
 * Sends a cached JSON answer with revalidation: 304 when the ETag matches, else the bytes
 * (compressed when accepted). `Cache-Control: no-cache` makes browsers revalidate every
 * time, so catalogue edits show up at once while unchanged data costs a 304.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
  /** Request headers besides Accept-Encoding that chose this answer. */
  vary?: string,
): Promise<FastifyReply> {
  const encoding = entry.compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  reply.header('cache-control', 'no-cache');
  reply.header('vary', vary ? `accept-encoding, ${vary}` : 'accept-encoding');
  reply.header('etag', entry.etagFor(encoding));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && entry.matches(ifNoneMatch)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding) {
    reply.header('content-encoding', encoding);
    return reply.send(await entry.compressed(encoding));
  }
  return reply.send(entry.body);
}
