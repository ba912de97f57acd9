import type { TPaymentStatus } from '@portal/contracts/payments';
import type { ProviderPaymentStatus } from '../../integrations/payments/types.ts';

/**
 * The one payment state machine, for every provider and the sandbox:
 *
 *   none -> pending -> paid | fail | none (cancelled)
 *   none -----------> paid | fail | none (cancelled)   (an event may overtake set-pending)
 *
 * Forward only: once finished (paid, fail, or none after a cancellation) nothing changes.
 */

export type PaymentState = { status: TPaymentStatus; finished: boolean };

/** What can happen to a payment. */
export type PaymentMove = 'start' | 'paid' | 'fail' | 'cancel';

/** The state after `move`, or null when the move changes nothing (finished, or already pending). */
export function nextState(state: PaymentState, move: PaymentMove): PaymentState | null {
  if (state.finished) return null;
  switch (move) {
    case 'start':
      return state.status === 'none' ? { status: 'pending', finished: false } : null;
    case 'paid':
      return { status: 'paid', finished: true };
    case 'fail':
      return { status: 'fail', finished: true };
    case 'cancel':
      return { status: 'none', finished: true };
  }
}

export function moveOfProviderStatus(status: ProviderPaymentStatus): PaymentMove {
  switch (status) {
    case 'pending':
      return 'start';
    case 'paid':
      return 'paid';
    case 'fail':
      return 'fail';
    case 'canceled':
      return 'cancel';
  }
}
