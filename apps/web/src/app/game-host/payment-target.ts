import type { PaymentTarget } from '@/shared/bridge/host-bridge';
import type { ModalValues } from '@/shared/ui/modal/modal-context';

/**
 * The payment modal's values from a checked payment URL: path segments first,
 * then the query.
 */
export function paymentModalValues(target: PaymentTarget): Required<ModalValues> {
  const q = (key: string): string | null => target.query[key] || null;
  return {
    id: target.paymentId,
    session: q('session'),
    source: target.source ?? q('source'),
    locale: target.locale ?? q('locale'),
    project: target.project ?? q('project'),
    // The portal pays with its own session: a jwt in the game's URL is at most the game's
    // token of the player, which the portal's API refuses.
    jwt: null,
  };
}
