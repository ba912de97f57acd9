import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from './auth.ts';
import { API_ERROR_CODES, HOST_ERROR_CODES } from './errors.ts';
import { SUPPORT_ERROR_CODES } from './support.ts';

describe('error catalogues', () => {
  it('lists every API error code once, in the shape clients match on', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('holds the codes each area documents', () => {
    for (const code of [...AUTH_ERROR_CODES, ...SUPPORT_ERROR_CODES]) expect(API_ERROR_CODES).toContain(code);
  });

  it('gives every host error code one name', () => {
    const values = Object.values(HOST_ERROR_CODES);
    expect(new Set(values).size).toBe(values.length);
  });
});
