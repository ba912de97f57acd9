import type { TPaymentProviderId, TPaymentStatus } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { completeSandbox } from './complete-sandbox';
import { getPayment } from './get-payment';
import { yandexPayCancel } from './yandex-pay-window-close';

/** The provider payment a cancel is about, as far as the flow knows it. */
export interface CancelTarget {
  provider: TPaymentProviderId;
  /** false for a real provider; unknown (undefined) when the payment was started before this page. */
  sandbox?: boolean;
  /** Stripe's PaymentIntent id. */
  stripeId?: string;
  /** A payment exists at the provider (created by this page or before it). */
  started: boolean;
}

const cancelStripe = (paymentId: string, stripePaymentId: string) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentStripeCancel(), { paymentId, stripePaymentId });

/**
 * Cancels the payment on the server, at the provider where it can (Stripe's intent, the
 * sandbox; Yandex Pay cannot cancel an unpaid order, so the server re-reads it and cancels the
 * payment), and answers the status afterwards. Nothing chosen yet: none. Throws only when the
 * Stripe cancellation fails.
 */
export async function cancelPayment(paymentId: string, target: CancelTarget | null): Promise<TPaymentStatus> {
  if (!target) return 'none';
  if (target.provider === 'stripe' && target.stripeId) return (await cancelStripe(paymentId, target.stripeId)).status;
  if (target.provider === 'yandex-pay' && target.started) {
    const closed = await yandexPayCancel(paymentId).catch(() => null);
    if (closed) return closed.status;
  }
  if (target.sandbox !== false) {
    try {
      return (await completeSandbox(paymentId, 'canceled')).status;
    } catch {
      // A real provider (NOT_SANDBOX) or nothing started yet: read where the payment stands.
    }
  }
  return (await getPayment(paymentId).catch(() => ({ status: 'none' as const }))).status;
}
