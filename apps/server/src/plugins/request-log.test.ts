import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { redactUrl, serializeRequest } from './request-log.ts';

// JWT-shaped, so a leak of any of its three parts would show.
const HEADER = 'eyJhbGciOiJFUzI1NiJ9';
const BODY = 'eyJzdWIiOiJwbGF5ZXItbG9nLXRlc3QifQ';
const SIGNATURE = 'c2lnbmF0dXJlLW9mLXRoZS1sb2ctdGVzdA';
const JWT = `${HEADER}.${BODY}.${SIGNATURE}`;

describe('redactUrl', () => {
  it('redacts the secret query values and keeps the rest byte for byte', () => {
    expect(redactUrl(`/api/payments/events/p1?jwt=${JWT}`)).toBe('/api/payments/events/p1?jwt=[redacted]');
    expect(redactUrl(`/api/support/events?lang=en&jwt=${JWT}&x=1`)).toBe('/api/support/events?lang=en&jwt=[redacted]&x=1');
    expect(redactUrl('/cb?code=abc&state=def&t=ghi&token=jkl&tempUserId=mno&Token=pqr&keep=me')).toBe(
      '/cb?code=[redacted]&state=[redacted]&t=[redacted]&token=[redacted]&tempUserId=[redacted]&Token=[redacted]&keep=me',
    );
    // An encoded parameter name is still recognised; a bad escape does not throw.
    expect(redactUrl('/x?%6Awt=secret&bad=%E0%A4%A')).toBe('/x?%6Awt=[redacted]&bad=%E0%A4%A');
    expect(redactUrl('/api/control/get-games-data?lang=en')).toBe('/api/control/get-games-data?lang=en');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('redacts the JWT segment of /auth/check/{jwt}', () => {
    expect(redactUrl(`/api/auth/check/${JWT}`)).toBe('/api/auth/check/[redacted]');
    expect(redactUrl(`/api/auth/check/${JWT}?jwt=${JWT}`)).toBe('/api/auth/check/[redacted]?jwt=[redacted]');
    expect(redactUrl('/api/auth/check-user-auth-state/42')).toBe('/api/auth/check-user-auth-state/42');
  });

  it("gives Fastify's req serializer the redacted URL", () => {
    expect(serializeRequest({ method: 'GET', url: `/api/auth/check/${JWT}` })).toMatchObject({
      method: 'GET',
      url: '/api/auth/check/[redacted]',
    });
  });
});

describe('the server log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => app.close());

  it('holds no part of a player JWT carried in a URL', async () => {
    const urls = [
      `/api/auth/check/${JWT}`,
      `/api/payments/events/00000000-0000-4000-8000-000000000000?jwt=${JWT}`,
      `/api/support/events?jwt=${JWT}`,
      `/api/no/such/route?token=${JWT}&t=${JWT}&tempUserId=${JWT}&state=${JWT}&code=${JWT}`,
    ];
    for (const url of urls) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeLessThan(500);
    }
    const log = lines.join('');
    // The lines are there (one per request, URL redacted)...
    const done = lines.map((line) => JSON.parse(line) as { msg?: string; url?: string }).filter((line) => line.msg === 'request done');
    expect(done.map((line) => line.url)).toEqual(
      expect.arrayContaining([
        '/api/auth/check/[redacted]',
        '/api/payments/events/00000000-0000-4000-8000-000000000000?jwt=[redacted]',
        '/api/support/events?jwt=[redacted]',
        '/api/no/such/route?token=[redacted]&t=[redacted]&tempUserId=[redacted]&state=[redacted]&code=[redacted]',
      ]),
    );
    // ...and no part of the token is in any of them.
    for (const part of [HEADER, BODY, SIGNATURE]) expect(log).not.toContain(part);
  });
});
