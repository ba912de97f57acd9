import { useTranslation } from 'react-i18next';
import { Dialog } from '@/shared/ui/modal/dialog';

/** "Are you sure you want to cancel the payment?" with Yes / No. */
export function CancelConfirm({ onConfirm, onDismiss, busy = false }: { onConfirm: () => void; onDismiss: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog label={t('payment.cancelConfirm')} onRequestClose={onDismiss} className="payment-confirm">
      <p className="payment-confirm__text">{t('payment.cancelConfirm')}</p>
      <div className="payment-actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {t('payment.cancelYes')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDismiss} disabled={busy}>
          {t('payment.cancelNo')}
        </button>
      </div>
    </Dialog>
  );
}
