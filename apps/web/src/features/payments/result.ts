import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import type { TPaymentResult } from '@portal/contracts/messages';
import type { TPaymentGetResponse, TPaymentStatus } from '@portal/contracts/payments';
import type { AuthType } from '@portal/contracts/control';
import { encodeResult } from '@portal/contracts/result-codec';
import { isFramed, isMobileSource, postToHost } from '@/shared/auth/host-message';
import { routes } from '@/shared/paths';

/** What the flow hands on at its end (the `paymentResult` window message). */
export type PaymentHostResult = TPaymentResult;

/** paid is a success; a cancelled payment is 4000, a failed one 4018. */
export function resultOf(
  paymentId: string | null,
  answer: Pick<TPaymentGetResponse, 'status'> & Partial<TPaymentGetResponse>,
): PaymentHostResult {
  const base = { paymentId, status: answer.status };
  if (answer.status === 'paid') {
    return {
      ...base,
      isError: false,
      ...(answer.payload != null ? { payload: answer.payload } : {}),
      ...(answer.token ? { token: answer.token } : {}),
    };
  }
  return errorResult(
    paymentId,
    answer.status === 'fail' ? HOST_ERROR_CODES.paymentFailed : HOST_ERROR_CODES.paymentCancelled,
    answer.status,
  );
}

export function errorResult(paymentId: string | null, errorCode: HostErrorCode, status: TPaymentStatus = 'none'): PaymentHostResult {
  return { paymentId, status, isError: true, errorCode };
}

/**
 * The player closed the payment (the embedded header's close): cancelled (4000), unless the
 * payment was paid meanwhile (a paid payment cannot be cancelled; the host gets its payload
 * and token). `answer` is the payment as the server reads it after the close, if it could.
 */
export function closedResult(
  paymentId: string | null,
  answer?: Pick<TPaymentGetResponse, 'status'> & Partial<TPaymentGetResponse>,
): PaymentHostResult {
  return answer?.status === 'paid' ? resultOf(paymentId, answer) : errorResult(paymentId, HOST_ERROR_CODES.paymentCancelled);
}

/** What the popup shows for an ended payment: its title and, unless paid, a line under it. */
export function resultScreenOf(status: TPaymentStatus): { titleKey: string; messageKey: string | null } {
  if (status === 'paid') return { titleKey: 'payment.successful', messageKey: null };
  if (status === 'fail') return { titleKey: 'payment.notPaid', messageKey: 'payment.error' };
  return { titleKey: 'payment.cancelled', messageKey: 'payment.notPaid' };
}

export interface DeliveryOptions {
  source: string | null | undefined;
  authType: AuthType | undefined;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
}

/**
 * As routes, the end goes where sign-in results go (features/auth/sign-in-delivery.ts): the
 * result page in redirect and mobile modes (any mobile source: mobile, android, ios), a window message to the framing host, else the
 * player's purchases on the portal.
 */
export async function deliverPaymentResult(result: PaymentHostResult, options: DeliveryOptions): Promise<void> {
  if (isMobileSource(options.source) || options.authType === 'redirect') {
    await options.navigate(routes.paymentsDone.getHref(encodeResult(result)), { replace: true });
  } else if (isFramed() && postToHost({ type: 'paymentResult', result })) {
    await options.navigate(routes.loader.getHref(), { replace: true });
  } else {
    await options.navigate(routes.transactions.getHref(), { replace: true });
  }
}
