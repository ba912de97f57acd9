import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { HOST_ERROR_CODE_VALUES, ZAuthHostResult, ZPaymentHostResult, decodeResult, encodeResult } from '@portal/contracts/messages';
import { PAYMENT_STATUSES } from '@portal/contracts/payments';
import { resolveParentOrigin } from './service-bridge-origin.ts';
import { createOriginPolicy } from './origins.ts';

const PORTAL = 'https://portal.example';
const HOST = 'https://host-game.example';

function fakeWindow(opts: { framed?: boolean; referrer?: string; ancestors?: string[] } = {}) {
  const win = {
    location: { origin: PORTAL, href: `${PORTAL}/session/login`, ancestorOrigins: opts.ancestors },
    document: { referrer: opts.referrer ?? '' },
  } as unknown as Window & { parent: Window };
  (win as { parent: unknown }).parent = opts.framed === false ? win : { postMessage: vi.fn() };
  return { win };
}

describe('resolveParentOrigin', () => {
  const allowed = createOriginPolicy([HOST], PORTAL);
  it('trusts location.ancestorOrigins first, and only when allowed', () => {
    expect(resolveParentOrigin({ allowedOrigins: allowed, window: fakeWindow({ ancestors: [HOST] }).win })).toBe(HOST);
    const evil = fakeWindow({ ancestors: ['https://evil.example'], referrer: `${HOST}/x` }).win;
    expect(resolveParentOrigin({ allowedOrigins: allowed, queryOrigin: HOST, window: evil })).toBeNull();
  });
  it('then an explicit origin query value, then the referrer', () => {
    const w = fakeWindow({ referrer: `${PORTAL}/games/en/` }).win;
    expect(resolveParentOrigin({ allowedOrigins: allowed, queryOrigin: HOST, window: w })).toBe(HOST);
    expect(resolveParentOrigin({ allowedOrigins: allowed, queryOrigin: 'https://evil.example', window: w })).toBe(PORTAL);
    expect(resolveParentOrigin({ allowedOrigins: allowed, queryOrigin: '*', window: fakeWindow().win })).toBeNull();
    expect(resolveParentOrigin({ allowedOrigins: [HOST], window: fakeWindow({ referrer: `${HOST}/play?x=1` }).win })).toBe(HOST);
    expect(resolveParentOrigin({ allowedOrigins: [HOST], window: fakeWindow({ referrer: 'https://evil.example/' }).win })).toBeNull();
  });
  it('is null when not framed', () => {
    expect(resolveParentOrigin({ allowedOrigins: allowed, queryOrigin: HOST, window: fakeWindow({ framed: false }).win })).toBeNull();
  });
});

describe('encodeResult / decodeResult', () => {
  it('round-trips any JSON value, UTF-8 included, in the base64url alphabet', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const encoded = encodeResult(value);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        // JSON turns -0 into 0; compare through JSON.
        expect(decodeResult(encoded)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips host results through their schemas', () => {
    const authResult = fc.oneof(
      fc.record({
        isError: fc.constant(false as const),
        userId: fc.option(fc.string()),
        nickName: fc.option(fc.string({ unit: 'grapheme' })),
        currentAuthType: fc.constantFrom('email', 'google', 'vkontakte', 'unauthorized'),
        jwt: fc.option(fc.string()),
        session: fc.option(fc.string()),
      }),
      fc.record({ isError: fc.constant(true as const), errorCode: fc.constantFrom(...HOST_ERROR_CODE_VALUES) }),
    );
    fc.assert(
      fc.property(authResult, (result) => {
        expect(decodeResult(encodeResult(result), ZAuthHostResult)).toEqual(result);
      }),
    );
    const paymentResult = fc.record(
      {
        paymentId: fc.option(fc.string()),
        status: fc.constantFrom(...PAYMENT_STATUSES),
        isError: fc.boolean(),
        errorCode: fc.constantFrom(...HOST_ERROR_CODE_VALUES),
        payload: fc.jsonValue(),
        token: fc.string(),
      },
      { requiredKeys: ['paymentId', 'status', 'isError'] },
    );
    fc.assert(
      fc.property(paymentResult, (result) => {
        const decoded = decodeResult(encodeResult(result), ZPaymentHostResult);
        expect(decoded).toEqual(JSON.parse(JSON.stringify(result)));
      }),
    );
  });

  it('accepts padded and standard-alphabet input, refuses garbage', () => {
    const value = { text: 'ÿ?>~ привет' };
    const encoded = encodeResult(value);
    const standard = encoded.replace(/-/g, '+').replace(/_/g, '/');
    expect(decodeResult(standard + '='.repeat((4 - (standard.length % 4)) % 4))).toEqual(value);
    for (const bad of ['', '!!!', 'a', 'abc$', '____', encodeResult('x').slice(1), '%7B%7D', btoa('\xff\xfe').replace(/=/g, '')]) {
      expect(decodeResult(bad)).toBeNull();
    }
    expect(decodeResult(encodeResult({ isError: 'yes' }), ZAuthHostResult)).toBeNull();
    expect(() => encodeResult(undefined)).toThrow();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        decodeResult(s);
      }),
    );
  });
});
