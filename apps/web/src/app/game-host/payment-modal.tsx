import { useCallback } from 'react';
import type { TPaymentResult } from '@portal/contracts/messages';
import { PaymentFlow, type PaymentStep } from '@/features/payments';
import { ScopedLanguage } from '@/shared/i18n/scoped-language';
import { useModal, type ModalValues } from '@/shared/ui/modal/modal-context';

/**
 * The payment feature's whole flow (process screen, provider screen, popup) in the modal. The
 * flow switches its steps in its own state; while it shows a provider screen the modal is not
 * dismissed by an outside click or Escape: the flow tells this wrapper its step.
 * The flow speaks the locale of the payment URL.
 */
export function PaymentModal({ values, onDone }: { values: Required<ModalValues>; onDone: (result: TPaymentResult) => void }) {
  const { update } = useModal();
  const onStepChange = useCallback((step: PaymentStep) => update({ providerScreen: step === 'provider' }), [update]);

  return (
    <div className="game-host-modal game-host-modal--payment">
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
          onStepChange={onStepChange}
        />
      </ScopedLanguage>
    </div>
  );
}
