import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeResult } from '@portal/contracts/result-codec';
import { ZPaymentResult } from '@portal/contracts/messages';
import type * as HostMessage from '@/shared/auth/host-message';
import { closedResult, deliverPaymentResult, errorResult, resultOf, resultScreenOf } from './result';

const host = vi.hoisted(() => ({ framed: false, posted: [] as unknown[] }));
vi.mock('@/shared/auth/host-message', async (importOriginal) => ({
  isMobileSource: (await importOriginal<typeof HostMessage>()).isMobileSource,
  isFramed: () => host.framed,
  postToHost: (message: unknown) => {
    if (!host.framed) return false;
    host.posted.push(message);
    return true;
  },
}));

const ID = '0b7d2a4e-1c1f-4e55-9a0e-2d4c5b6a7f80';

describe('payment results', () => {
  afterEach(() => vi.restoreAllMocks());

  it('paid carries payload and token; none is 4000 and fail 4018', () => {
    expect(resultOf(ID, { status: 'paid', payload: 'order-1', token: 'h.p.s' })).toEqual({
      paymentId: ID,
      status: 'paid',
      isError: false,
      payload: 'order-1',
      token: 'h.p.s',
    });
    expect(resultOf(ID, { status: 'paid', payload: null, token: null })).toEqual({ paymentId: ID, status: 'paid', isError: false });
    expect(resultOf(ID, { status: 'none' })).toEqual({ paymentId: ID, status: 'none', isError: true, errorCode: 4000 });
    expect(resultOf(ID, { status: 'fail' })).toEqual({ paymentId: ID, status: 'fail', isError: true, errorCode: 4018 });
    expect(ZPaymentResult.safeParse(errorResult(ID, 4010)).success).toBe(true);
  });

  it('a closed payment is cancelled (4000) unless it was paid meanwhile', () => {
    expect(closedResult(ID, { status: 'paid', payload: 'o', token: 't.t.t' })).toEqual(
      resultOf(ID, { status: 'paid', payload: 'o', token: 't.t.t' }),
    );
    expect(closedResult(ID, { status: 'fail' })).toEqual({ paymentId: ID, status: 'none', isError: true, errorCode: 4000 });
    expect(closedResult(null)).toEqual({ paymentId: null, status: 'none', isError: true, errorCode: 4000 });
  });

  it('each end has its screen: paid a title only, fail and none a line under it', () => {
    expect(resultScreenOf('paid')).toEqual({ titleKey: 'payment.successful', messageKey: null });
    expect(resultScreenOf('fail')).toEqual({ titleKey: 'payment.notPaid', messageKey: 'payment.error' });
    expect(resultScreenOf('none')).toEqual({ titleKey: 'payment.cancelled', messageKey: 'payment.notPaid' });
  });

  it('redirect and mobile modes go to /payments/done/:result with the encoded result', async () => {
    const navigate = vi.fn();
    const result = resultOf(ID, { status: 'paid', payload: 'p', token: 't.t.t' });
    await deliverPaymentResult(result, { source: null, authType: 'redirect', navigate });
    await deliverPaymentResult(result, { source: 'mobile', authType: 'postMessage', navigate });
    for (const [to] of navigate.mock.calls as [string][]) {
      expect(to).toMatch(/^\/payments\/done\/[A-Za-z0-9_-]+$/);
      expect(decodeResult(to.split('/').pop()!, ZPaymentResult)).toEqual(result);
    }
  });

  it('every mobile source (mobile, android, ios, any case) gets the result page, even framed in a webview', async () => {
    const navigate = vi.fn();
    const result = resultOf(ID, { status: 'paid', payload: 'p', token: 't.t.t' });
    host.framed = true;
    try {
      for (const source of ['mobile', 'android', 'ios', 'iOS']) {
        await deliverPaymentResult(result, { source, authType: 'postMessage', navigate });
      }
    } finally {
      host.framed = false;
    }
    expect(host.posted).toEqual([]);
    expect(navigate).toHaveBeenCalledTimes(4);
    for (const [to, options] of navigate.mock.calls as [string, unknown][]) {
      expect(options).toEqual({ replace: true });
      expect(to).toMatch(/^\/payments\/done\/[A-Za-z0-9_-]+$/);
      expect(decodeResult(to.split('/').pop()!, ZPaymentResult)).toEqual(result);
    }
  });

  it('a web or unknown source is no mobile source: framed, the host gets the window message', async () => {
    const navigate = vi.fn();
    const result = errorResult(ID, 4000);
    host.framed = true;
    try {
      await deliverPaymentResult(result, { source: 'web', authType: 'postMessage', navigate });
      await deliverPaymentResult(result, { source: 'mobile-ish', authType: undefined, navigate });
    } finally {
      host.framed = false;
    }
    expect(host.posted).toEqual([
      { type: 'paymentResult', result },
      { type: 'paymentResult', result },
    ]);
    expect(navigate).toHaveBeenCalledWith('/loader', { replace: true });
    host.posted.length = 0;
  });

  it('framed in postMessage mode the host gets paymentResult; on the portal the player sees purchases', async () => {
    const navigate = vi.fn();
    const result = errorResult(ID, 4018, 'fail');
    host.framed = true;
    await deliverPaymentResult(result, { source: null, authType: 'postMessage', navigate });
    expect(host.posted).toEqual([{ type: 'paymentResult', result }]);
    expect(navigate).toHaveBeenLastCalledWith('/loader', { replace: true });
    host.framed = false;
    await deliverPaymentResult(result, { source: null, authType: 'postMessage', navigate });
    expect(navigate).toHaveBeenLastCalledWith('/transactions', { replace: true });
    expect(host.posted).toHaveLength(1);
  });
});
