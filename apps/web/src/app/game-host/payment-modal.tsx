import { useEffect, useRef } from 'react';
import type { TPaymentResult } from '@portal/contracts/messages';
import { PaymentFlow } from '@/features/payments';
import { ScopedLanguage } from '@/shared/i18n/scoped-language';
import { useModal, type ModalValues } from '@/shared/ui/modal/modal-context';

/** The provider step of the payment flow (its heading's id), where outside clicks must not close. */
export const PROVIDER_SCREEN_SELECTOR = '#payment-provider-title';

/**
 * The payment feature's whole flow (process screen, provider screen, popup) in the modal. The
 * flow switches its steps in its own state; while it shows a provider screen the modal is not
 * dismissed by an outside click or Escape, which this wrapper learns from the
 * rendered step. The flow speaks the locale of the payment URL.
 */
export function PaymentModal({ values, onDone }: { values: Required<ModalValues>; onDone: (result: TPaymentResult) => void }) {
  const modal = useModal();
  const { update } = modal;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let provider = false;
    const check = () => {
      const now = element.querySelector(PROVIDER_SCREEN_SELECTOR) !== null;
      if (now === provider) return;
      provider = now;
      update({ providerScreen: now });
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [update]);

  return (
    <div ref={box} className="game-host-modal game-host-modal--payment">
      {/* The payment URL's locale, as the payment route honours it; the game page keeps its own. */}
      <ScopedLanguage language={values.locale}>
        <PaymentFlow
          paymentId={values.id ?? ''}
          source={values.source}
          locale={values.locale}
          project={values.project}
          jwt={values.jwt}
          inModal
          onDone={onDone}
        />
      </ScopedLanguage>
    </div>
  );
}
