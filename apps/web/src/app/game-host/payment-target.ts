import type { PaymentTarget } from '@/shared/bridge/host-bridge';
import type { ModalValues } from '@/shared/ui/modal/modal-context';

/**
 * The payment modal's values from a checked payment URL (spec section 7: "text is a payment
 * URL whose query values go to the payment modal"): path segments first, then the query.
 */
export function paymentModalValues(target: PaymentTarget): Required<ModalValues> {
  const q = (key: string): string | null => target.query[key] || null;
  return {
    id: target.paymentId,
    session: q('session'),
    source: target.source ?? q('source'),
    locale: target.locale ?? q('locale'),
    project: target.project ?? q('project'),
    jwt: target.jwt ?? q('jwt'),
  };
}
