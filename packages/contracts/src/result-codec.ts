import type { z } from 'zod';

/**
 * The result codec of redirect and mobile modes: base64url of a result's UTF-8
 * JSON. Kept free of runtime imports so every page can use it without loading zod.
 */

/** Encodes a result for a result page path: base64url (RFC 4648 section 5, no padding) of its UTF-8 JSON. */
export function encodeResult(result: unknown): string {
  const json = JSON.stringify(result);
  if (json === undefined) throw new TypeError('encodeResult: the result is not JSON');
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Decodes what `encodeResult` made; also accepts padding and the standard alphabet, since hosts
 * re-encode. Returns null for anything that is not base64 of UTF-8 JSON, or that the schema
 * (when given) refuses.
 */
export function decodeResult(param: string | null | undefined): unknown;
export function decodeResult<T>(param: string, schema: z.ZodType<T>): T | null;
export function decodeResult<T>(param: string | null | undefined, schema?: z.ZodType<T>): unknown {
  if (typeof param !== 'string' || param.length === 0) return null;
  let text = param.trim().replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  text = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!schema) return value;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
