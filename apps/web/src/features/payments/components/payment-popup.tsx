import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import type { TPaymentStatus } from '@portal/contracts/payments';
import { Dialog } from '@/shared/ui/modal/dialog';
import { isFinalStatus, usePayment } from '../api/get-payment';
import { errorResult, resultOf, resultScreenOf, type PaymentHostResult } from '../result';
import { useLivePayment } from '../use-live-payment';
import { CancelConfirm } from './cancel-confirm';
import { CopyPaymentId } from './copy-payment-id';

/** How often an opened provider window is checked for being closed. */
const WINDOW_CHECK_MS = 500;

export interface PaymentPopupProps {
  paymentId: string;
  jwt?: string | null | undefined;
  /** The provider's payment page opened in a window (Yandex Pay): closing it while pending ends as none. */
  providerWindow?: Window | null;
  /**
   * The provider window was closed while unfinished: the server settles it (Yandex Pay cancels a
   * still unpaid order); the status is read afterwards. Without it the status is only read.
   */
  onWindowClosed?: () => Promise<unknown>;
  /** Cancels at the provider; resolves once asked (the status arrives by the live stream or polling). */
  onCancel: () => Promise<void>;
  onFinish: (result: PaymentHostResult) => void;
}

/**
 * The payment popup: pending (progress, "being processed, please
 * wait"), then paid (success + Ok), none (cancelled) or fail (not paid). The status is
 * polled every 2 s and pushed live by the server, whichever comes first. A state check that
 * still fails after the query's retries ends the wait as an error: Ok hands the host 4017.
 */
export function PaymentPopup({ paymentId, jwt, providerWindow, onWindowClosed, onCancel, onFinish }: PaymentPopupProps) {
  const { t } = useTranslation();
  const [checkFailed, setCheckFailed] = useState(false);
  const payment = usePayment(paymentId, { poll: !checkFailed });
  const serverStatus = payment.data?.status;
  const [windowClosed, setWindowClosed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const live = !checkFailed && (serverStatus === undefined || serverStatus === 'pending');
  useLivePayment(paymentId, jwt, live && !windowClosed);

  // The query retried the check already (network and server failures); a check that still
  // fails while the payment is unfinished ends the wait: it would otherwise never end.
  const failedCheck = payment.isError && !isFinalStatus(serverStatus) && !windowClosed;
  useEffect(() => {
    if (failedCheck) setCheckFailed(true);
  }, [failedCheck]);

  // A closed provider window: the server settles the payment (Yandex Pay cancels an unpaid
  // order), then the payment's status is read from the server; only a payment still unfinished
  // there ends as none. When the server cannot be asked, the state is unknown: 4017.
  const { refetch } = payment;
  useEffect(() => {
    if (!providerWindow || !live || windowClosed) return;
    const timer = window.setInterval(() => {
      if (!providerWindow.closed) return;
      window.clearInterval(timer);
      void (async () => {
        if (onWindowClosed) await onWindowClosed();
        const read = await refetch();
        if (read.isError) throw read.error;
        if (!isFinalStatus(read.data?.status)) setWindowClosed(true);
      })().catch(() => setCheckFailed(true));
    }, WINDOW_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [live, onWindowClosed, providerWindow, refetch, windowClosed]);

  const status: TPaymentStatus | undefined = windowClosed && !isFinalStatus(serverStatus) ? 'none' : serverStatus;
  const ended = status !== undefined && isFinalStatus(status) ? status : null;
  const endScreen = ended ? resultScreenOf(ended) : null;

  const confirmCancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
      // The provider's page has nothing more to do: it closes with the cancellation.
      if (providerWindow && !providerWindow.closed) providerWindow.close();
      await payment.refetch();
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  };

  const finish = () => {
    if (checkFailed && !ended) {
      onFinish(errorResult(paymentId, HOST_ERROR_CODES.paymentStateCheckFailed, status ?? 'pending'));
      return;
    }
    if (!status) return;
    onFinish(resultOf(paymentId, { ...payment.data, status }));
  };

  return (
    <Dialog label={t('payment.popupLabel')} dismissible={false} className="payment-popup">
      {checkFailed && !ended ? (
        <div className="payment-popup__body" aria-live="polite">
          <h2 className="payment-popup__title payment-popup__title--fail">{t('payment.error')}</h2>
          <p role="alert" className="payment-error">
            {t('payment.checkFailed')}
          </p>
          <StatusBadge status={status ?? 'pending'} />
          <CopyPaymentId paymentId={paymentId} />
          <div className="payment-actions">
            <button type="button" className="button button--primary" onClick={finish}>
              {t('payment.ok')}
            </button>
          </div>
        </div>
      ) : !ended ? (
        <div className="payment-popup__body" aria-live="polite">
          <div className="payment-popup__progress" role="progressbar" aria-label={t('payment.processing')} />
          <h2>{t('payment.processing')}</h2>
          <p>{t('payment.pleaseWait')}</p>
          <StatusBadge status={status ?? 'pending'} />
          <CopyPaymentId paymentId={paymentId} />
          <div className="payment-actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} disabled={cancelling}>
              {t('payment.cancelPayment')}
            </button>
          </div>
        </div>
      ) : (
        <div className="payment-popup__body" aria-live="polite">
          <h2 className={`payment-popup__title payment-popup__title--${ended}`}>{t(endScreen?.titleKey ?? '')}</h2>
          {endScreen?.messageKey ? <p>{t(endScreen.messageKey)}</p> : null}
          <StatusBadge status={ended} />
          <CopyPaymentId paymentId={paymentId} />
          <div className="payment-actions">
            <button type="button" className="button button--primary" onClick={finish}>
              {t('payment.ok')}
            </button>
          </div>
        </div>
      )}
      {confirming ? (
        <CancelConfirm busy={cancelling} onConfirm={() => void confirmCancel()} onDismiss={() => setConfirming(false)} />
      ) : null}
    </Dialog>
  );
}

/** Status label with its colour: pending orange, paid green, none and fail red. */
export function StatusBadge({ status }: { status: TPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <p className="payment-status">
      {t('payment.statusLabel')}:{' '}
      <span className={`payment-status__value payment-status__value--${status}`} data-status={status}>
        {t(`payment.status.${status}`)}
      </span>
    </p>
  );
}
