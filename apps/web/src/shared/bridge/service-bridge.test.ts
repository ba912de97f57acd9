import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  HOST_ERROR_CODE_VALUES,
  RESULT_PAGE_PATHS,
  ZAuthHostResult,
  ZPaymentHostResult,
  ZServiceMessage,
  decodeResult,
  encodeResult,
  resultPath,
  type TAuthHostResult,
  type TPaymentHostResult,
} from '@portal/contracts/messages';
import { PAYMENT_STATUSES } from '@portal/contracts/payments';
import { deliverResult, resolveParentOrigin, type DeliverOptions } from './service-bridge.ts';
import { createOriginPolicy } from './origins.ts';

const PORTAL = 'https://portal.example';
const HOST = 'https://host-game.example';

function fakeWindow(opts: { framed?: boolean; referrer?: string; ancestors?: string[] } = {}) {
  const parentPost = vi.fn();
  const assign = vi.fn();
  const win = {
    location: { origin: PORTAL, href: `${PORTAL}/session/login`, assign, ancestorOrigins: opts.ancestors },
    document: { referrer: opts.referrer ?? '' },
  } as unknown as Window & { parent: Window };
  (win as { parent: unknown }).parent = opts.framed === false ? win : { postMessage: parentPost };
  return { win, parentPost, assign };
}

const signedIn: TAuthHostResult = {
  isError: false,
  userId: 'u-1',
  nickName: 'Катя 🎮',
  currentAuthType: 'email',
  jwt: 'eyJ.secret.token',
  session: 's-1',
};
const payment: TPaymentHostResult = { paymentId: 'p-1', status: 'paid', isError: false, token: 'pay.tok', payload: { a: 1 } };

const opts = (win: Window, over: Partial<DeliverOptions> = {}): DeliverOptions => ({
  authType: 'postMessage',
  mode: 'web',
  parentOrigin: HOST,
  allowedOrigins: [HOST],
  window: win,
  ...over,
});

describe('deliverResult', () => {
  it('posts { type, result } to window.parent with the exact parent origin', () => {
    const { win, parentPost, assign } = fakeWindow();
    expect(deliverResult('auth', signedIn, opts(win))).toEqual({ via: 'postMessage', targetOrigin: HOST });
    expect(parentPost).toHaveBeenCalledWith({ type: 'authResult', result: signedIn }, HOST);
    deliverResult('payment', payment, opts(win));
    expect(parentPost).toHaveBeenLastCalledWith({ type: 'paymentResult', result: payment }, HOST);
    deliverResult('support', { isError: true, errorCode: 5000 }, opts(win));
    expect(parentPost).toHaveBeenLastCalledWith({ type: 'supportResult', result: { isError: true, errorCode: 5000 } }, HOST);
    for (const [message, origin] of parentPost.mock.calls) {
      expect(origin).not.toBe('*');
      expect(ZServiceMessage.safeParse(message).success).toBe(true);
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('normalizes the target origin and never posts to "*" or an origin off the list', () => {
    const { win, parentPost, assign } = fakeWindow();
    deliverResult('auth', signedIn, opts(win, { parentOrigin: 'HTTPS://Host-Game.example:443' }));
    expect(parentPost).toHaveBeenLastCalledWith(expect.anything(), HOST);
    parentPost.mockClear();
    for (const parentOrigin of ['*', 'null', null, 'https://evil.example', `${HOST}.evil.example`, `${HOST}/path`]) {
      const d = deliverResult('auth', signedIn, opts(win, { parentOrigin }));
      expect(d).toMatchObject({ via: 'redirect', reason: 'unknown-parent' });
    }
    expect(deliverResult('auth', signedIn, opts(win, { allowedOrigins: ['*'] })).via).toBe('redirect');
    expect(parentPost).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledTimes(7);
  });

  it('falls back to the result page when the parent is unknown or there is no frame', () => {
    const { win, parentPost, assign } = fakeWindow({ framed: false });
    const d = deliverResult('auth', signedIn, opts(win));
    expect(d).toMatchObject({ via: 'redirect', reason: 'not-framed' });
    expect(d).toEqual({ via: 'redirect', reason: 'not-framed', path: resultPath('auth', encodeResult(ZAuthHostResult.parse(signedIn))) });
    expect(assign).toHaveBeenCalledWith(d.via === 'redirect' && d.path);
    expect(decodeResult((d as { path: string }).path.split('/').pop()!, ZAuthHostResult)).toEqual(signedIn);
    expect(parentPost).not.toHaveBeenCalled();
  });

  it('goes to the result pages in redirect and mobile modes', () => {
    const { win, parentPost, assign } = fakeWindow();
    const a = deliverResult('payment', payment, opts(win, { authType: 'redirect' }));
    expect(a).toMatchObject({ via: 'redirect', reason: 'redirect' });
    const path = assign.mock.calls[0]![0] as string;
    expect(path.startsWith(`${RESULT_PAGE_PATHS.payment}/`)).toBe(true);
    expect(decodeResult(path.split('/').pop()!, ZPaymentHostResult)).toEqual(payment);

    deliverResult('auth', signedIn, opts(win, { mode: 'mobile' }));
    expect(assign).toHaveBeenLastCalledWith(expect.stringMatching(/^\/session\/loginDone\/[A-Za-z0-9_-]+$/));
    deliverResult('support', { isError: false, ticketId: 't-1' }, opts(win, { mode: 'default', authType: 'redirect' }));
    expect(assign).toHaveBeenLastCalledWith(expect.stringMatching(/^\/support\/done\/[A-Za-z0-9_-]+$/));
    expect(parentPost).not.toHaveBeenCalled();
  });

  it('refuses a result that does not match its schema', () => {
    const { win, parentPost, assign } = fakeWindow();
    expect(() => deliverResult('auth', { isError: true, errorCode: 9999 } as never, opts(win))).toThrow();
    expect(() => deliverResult('payment', { ...payment, status: 'weird' } as never, opts(win))).toThrow();
    expect(parentPost).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});

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
