import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaymentProviderId, TSandboxOutcome } from '@portal/contracts/payments-constants';
import { PAYMENT_PROVIDER_CONFIG } from '@portal/contracts/payments-constants';
import { completeSandbox, completeSandboxOrder } from '../api/complete-sandbox';
import { CancelConfirm } from './cancel-confirm';

export interface SandboxCheckoutProps {
  provider: TPaymentProviderId;
  paymentId: string;
  /**
   * `widget`: stands in for the Stripe Payment Element or the YooKassa widget inside the flow
   * (success -> set-pending and the popup, then the provider confirms). `window`: stands in
   * for Yandex Pay's payment page opened in a window; it closes itself when done.
   */
  mode: 'widget' | 'window';
  /** window mode: the sandbox order the window's URL names (`?order=`), which it pays without a session. */
  order?: string | null;
  /** widget mode: the "widget" reported success (the flow sets the payment pending, opens the popup). */
  onStarted?: () => Promise<boolean>;
  /** widget mode: the player confirmed cancelling. */
  onCancel?: () => Promise<void>;
}

/**
 * The product's own test provider, used for every provider without keys. Clearly labelled:
 * no money moves, and the three buttons say what the provider will answer.
 */
export function SandboxCheckout({ provider, paymentId, mode, order, onStarted, onCancel }: SandboxCheckoutProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = PAYMENT_PROVIDER_CONFIG[provider].title;
  // In its own window the sandbox is the page: its title is the page's heading.
  const Heading = mode === 'window' ? 'h1' : 'h2';

  const complete = async (outcome: TSandboxOutcome) => {
    setBusy(true);
    setFailed(false);
    try {
      if (mode === 'widget' && outcome !== 'canceled' && onStarted && !(await onStarted())) return;
      if (mode === 'widget' && outcome === 'canceled' && onCancel) {
        await onCancel();
        return;
      }
      if (mode === 'window' && order) await completeSandboxOrder(order, outcome);
      else await completeSandbox(paymentId, outcome);
      if (mode === 'window') {
        setDone(true);
        window.close();
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="payment-sandbox" aria-labelledby="payment-sandbox-title">
      <p className="payment-sandbox__badge">{t('payment.sandbox.badge')}</p>
      <Heading id="payment-sandbox-title">{t('payment.sandbox.title', { provider: title })}</Heading>
      <p>{t('payment.sandbox.note', { provider: title })}</p>
      {done ? (
        <p role="status">{t('payment.sandbox.done')}</p>
      ) : (
        <div className="payment-actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void complete('paid')}>
            {t('payment.sandbox.pay')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void complete('fail')}>
            {t('payment.sandbox.fail')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {t('payment.sandbox.cancel')}
          </button>
        </div>
      )}
      {failed ? (
        <p role="alert" className="payment-error">
          {t('payment.providerError')}
        </p>
      ) : null}
      {confirming ? <CancelConfirm busy={busy} onConfirm={() => void complete('canceled')} onDismiss={() => setConfirming(false)} /> : null}
    </section>
  );
}
