// The SDK validates portal messages by hand (it ships without zod); these properties keep that
// validation in step with the contracts' schemas, which the portal uses to build its messages.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LANGUAGES } from '@portal/contracts/languages';
import { HOST_ERROR_CODE_VALUES, ZGameMessage, ZPortalMessage, type TPortalMessage } from '@portal/contracts/messages';
import { PAYMENT_STATUSES } from '@portal/contracts/payments';
import { CURRENT_AUTH_TYPES, UNAUTHORIZED_AUTH_TYPE } from '@portal/contracts/auth';
import { createGameSdk, parseMessage } from './index.ts';

const str = fc.string({ unit: 'grapheme', maxLength: 20 });
const validMessage: fc.Arbitrary<TPortalMessage> = fc.oneof(
  fc.record({
    type: fc.constant('userAuth' as const),
    userId: fc.option(fc.uuid()),
    nickName: fc.option(str),
    currentAuthType: fc.constantFrom(UNAUTHORIZED_AUTH_TYPE, ...CURRENT_AUTH_TYPES),
    jwt: fc.option(str),
    session: fc.option(str),
  }),
  fc.record({ type: fc.constant('unreadSupportCount' as const), count: fc.nat() }),
  fc.constant({ type: 'logout' as const }),
  fc.record({ type: fc.constant('languageChange' as const), language: fc.constantFrom(...LANGUAGES) }),
  fc.record(
    {
      type: fc.constant('paymentResult' as const),
      paymentId: fc.option(str),
      status: fc.constantFrom(...PAYMENT_STATUSES),
      isError: fc.boolean(),
      errorCode: fc.constantFrom(...HOST_ERROR_CODE_VALUES),
      payload: fc.jsonValue(),
      token: str,
    },
    { requiredKeys: ['type', 'paymentId', 'status', 'isError'] },
  ),
);

/** What a pending call resolves with, rebuilt as the message it came from. */
const asMessage = (parsed: NonNullable<ReturnType<typeof parseMessage>>): unknown =>
  parsed.type === 'logout'
    ? { type: 'logout' }
    : parsed.type === 'unreadSupportCount'
      ? { type: parsed.type, count: parsed.value }
      : parsed.type === 'languageChange'
        ? { type: parsed.type, language: parsed.value }
        : { type: parsed.type, ...parsed.value };

describe('parseMessage against the contracts', () => {
  it('accepts every message ZPortalMessage accepts, with the same values', () => {
    fc.assert(
      fc.property(validMessage, (message) => {
        expect(ZPortalMessage.safeParse(message).success).toBe(true);
        const parsed = parseMessage(message);
        expect(parsed).not.toBeNull();
        expect(asMessage(parsed!)).toEqual(ZPortalMessage.parse(message));
      }),
    );
  });

  it('yields only values the contracts accept (near-valid junk), except newer codes and sign-in methods', () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      str,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constantFrom(...LANGUAGES, ...PAYMENT_STATUSES, ...HOST_ERROR_CODE_VALUES, 'xx', ''),
      fc.array(fc.nat(), { maxLength: 2 }),
      fc.object({ maxDepth: 1 }),
    );
    const junk = fc.record({
      type: fc.constantFrom('userAuth', 'unreadSupportCount', 'logout', 'languageChange', 'paymentResult', 'other'),
      userId: field,
      nickName: field,
      // The SDK lets an unknown sign-in method through as a string (forward compatible), so
      // strings here are the contracts' ones; other junk still must be refused.
      currentAuthType: fc.oneof(
        fc.constantFrom(UNAUTHORIZED_AUTH_TYPE, ...CURRENT_AUTH_TYPES),
        fc.constant(''),
        fc.integer(),
        fc.constant(null),
      ),
      jwt: field,
      session: field,
      count: field,
      language: field,
      paymentId: field,
      status: field,
      isError: field,
      errorCode: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...HOST_ERROR_CODE_VALUES),
        str,
        fc.double().filter((x) => !Number.isSafeInteger(x)),
      ),
      token: field,
    });
    fc.assert(
      fc.property(junk, (message) => {
        const parsed = parseMessage(message);
        if (parsed) expect(ZPortalMessage.safeParse(asMessage(parsed)).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('posts only messages ZGameMessage accepts', async () => {
    const posted: unknown[] = [];
    const parent = { postMessage: (m: unknown) => posted.push(m) };
    const win = {
      parent,
      document: { referrer: 'https://portal.example/' },
      addEventListener() {},
      removeEventListener() {},
    } as unknown as Window;
    const sdk = createGameSdk({ window: win, timeoutMs: 0 });
    const ignore = () => {};
    sdk.getUserAuth().catch(ignore);
    sdk.login().catch(ignore);
    sdk.logout().catch(ignore);
    sdk.openPayment('https://portal.example/payments/process/1').catch(ignore);
    sdk.changeLanguage('de').catch(ignore);
    sdk.getUnreadSupportCount().catch(ignore);
    sdk.openSupport();
    await expect(sdk.changeLanguage('xx' as never)).rejects.toThrow(/unsupported language "xx"/);
    expect(posted.map((m) => (m as { type: string }).type)).toEqual([
      'getUserAuth',
      'login',
      'logout',
      'openPayment',
      'changeLanguage',
      'getUnreadSupportCount',
      'openSupport',
    ]);
    for (const m of posted) expect(ZGameMessage.safeParse(m).success).toBe(true);
    sdk.destroy();
  });
});
