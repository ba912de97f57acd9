import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';

/** The payment id with a copy button ("Payment ID copied!"). */
export function CopyPaymentId({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(paymentId);
      notify({ kind: 'success', text: t('payment.idCopied'), id: 'payment-id-copied' });
    } catch {
      notify({ kind: 'error', text: t('payment.copyFailed'), id: 'payment-id-copy-failed' });
    }
  };
  return (
    <p className="payment-id">
      <span>
        {t('payment.idLabel')}: <code data-testid="payment-id">{paymentId}</code>
      </span>
      <button type="button" className="button button--secondary payment-id__copy" onClick={() => void copy()}>
        {t('payment.copyId')}
      </button>
    </p>
  );
}
