import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import { PAYMENT_PROVIDER_CONFIG, type TPaymentProviderId } from '@portal/contracts/payments-constants';
import { notifyError } from '@/shared/ui/notify';
import { useCreateProviderPayment } from '../api/create-provider-payment';
import { setPending } from '../api/set-pending';
import { CancelConfirm } from './cancel-confirm';
import { CopyPaymentId } from './copy-payment-id';
import { SandboxCheckout } from './sandbox-checkout';
import { YookassaWidget } from './yookassa-widget';

// Stripe.js comes only with a real Stripe payment: the sandbox loads no third-party code.
const StripeCheckout = lazy(async () => ({ default: (await import('./stripe-checkout')).StripeCheckout }));

/** What the flow needs to cancel at the provider later. */
export interface ProviderInfo {
  provider: TPaymentProviderId;
  sandbox: boolean;
  /** Stripe's PaymentIntent id (stripe/cancellation-payment). */
  stripeId?: string;
}

export interface ProviderScreenProps {
  provider: TPaymentProviderId;
  paymentId: string;
  /** The widget reported success and the payment is pending: open the popup (with the provider's window, if any). */
  onStarted: (providerWindow?: Window | null) => void;
  onCreated: (info: ProviderInfo) => void;
  /** A payment failure: shown here, then handed on as the result. */
  onError: (errorCode: HostErrorCode) => void;
  /** The player confirmed cancelling. */
  onCancel: () => Promise<void>;
}

const CREATE_FAILED: Record<TPaymentProviderId, HostErrorCode> = {
  stripe: HOST_ERROR_CODES.stripeCreateFailed,
  yookassa: HOST_ERROR_CODES.yookassaCreateFailed,
  'yandex-pay': HOST_ERROR_CODES.yandexPayCreateFailed,
};
const SET_PENDING_FAILED: Record<TPaymentProviderId, HostErrorCode> = {
  stripe: HOST_ERROR_CODES.stripeSetPendingFailed,
  yookassa: HOST_ERROR_CODES.yookassaSetPendingFailed,
  'yandex-pay': HOST_ERROR_CODES.processFailed,
};

/** /payments/{provider}: creates the provider payment, then the provider's widget or the sandbox. */
export function ProviderScreen({ provider, paymentId, onStarted, onCreated, onError, onCancel }: ProviderScreenProps) {
  const { t } = useTranslation();
  const title = PAYMENT_PROVIDER_CONFIG[provider].title;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const create = useCreateProviderPayment();
  const { mutate } = create;
  const created = create.data;
  // Created once per provider and payment (the server would answer the same one again).
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const key = `${provider}:${paymentId}`;
    if (asked.current === key) return;
    asked.current = key;
    mutate(
      { provider, paymentId },
      {
        // The flow learns what a cancel is about as soon as it exists, not an effect later.
        onSuccess: (made) =>
          onCreated({ provider: made.provider, sandbox: made.sandbox, ...(made.provider === 'stripe' ? { stripeId: made.id } : {}) }),
        onError: () => {
          if (provider === 'stripe') notifyError('CREATE_PAYMENT_STRIPE_ERROR');
        },
      },
    );
  }, [mutate, onCreated, paymentId, provider]);

  /** Widget success: set-pending, then the popup. */
  const started = async (providerWindow?: Window | null): Promise<boolean> => {
    try {
      await setPending(paymentId);
      onStarted(providerWindow);
      return true;
    } catch {
      onError(SET_PENDING_FAILED[provider]);
      return false;
    }
  };

  const openYandexPay = async (url: string) => {
    // Opened in the click itself, or pop-up blockers refuse it.
    const opened = window.open(url, 'portal-yandex-pay', 'popup,width=520,height=760');
    if (!opened) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    if (!(await started(opened))) opened.close();
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await onCancel();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  let body: React.ReactNode;
  if (create.isIdle || create.isPending) {
    body = (
      <p role="status" className="payment-loading">
        {t('payment.connecting', { provider: title })}
      </p>
    );
  } else if (!created) {
    body = (
      <div>
        <p role="alert" className="payment-error">
          {t('payment.providerError')}
        </p>
        <div className="payment-actions">
          <button type="button" className="button button--primary" onClick={() => onError(CREATE_FAILED[provider])}>
            {t('payment.close')}
          </button>
        </div>
      </div>
    );
  } else if (created.sandbox && created.provider !== 'yandex-pay') {
    body = <SandboxCheckout provider={provider} paymentId={paymentId} mode="widget" onStarted={() => started()} onCancel={onCancel} />;
  } else if (created.provider === 'stripe') {
    body = (
      <Suspense fallback={<p role="status">{t('payment.connecting', { provider: title })}</p>}>
        <StripeCheckout
          publishableKey={created.publishableKey}
          clientSecret={created.clientSecret}
          onSucceeded={() => void started()}
          onError={() => onError(HOST_ERROR_CODES.stripeCreateFailed)}
        />
      </Suspense>
    );
  } else if (created.provider === 'yookassa') {
    body = (
      <YookassaWidget
        paymentId={paymentId}
        confirmationToken={created.confirmationToken}
        onSucceeded={() => void started()}
        onClosed={onCancel}
        onError={onError}
      />
    );
  } else {
    const url = created.paymentUrl;
    body = (
      <div className="payment-window">
        {created.sandbox ? <p className="payment-sandbox__badge">{t('payment.sandbox.badge')}</p> : null}
        <p>{t('payment.windowNote', { provider: title })}</p>
        <div className="payment-actions">
          <button type="button" className="button button--primary" onClick={() => void openYandexPay(url)}>
            {t('payment.payWith', { provider: title })}
          </button>
        </div>
        {blocked ? (
          <p role="alert" className="payment-error">
            {t('payment.windowBlocked')}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section className="payment-screen" aria-labelledby="payment-provider-title">
      <h1 id="payment-provider-title">{t('payment.providerTitle', { provider: title })}</h1>
      <CopyPaymentId paymentId={paymentId} />
      {body}
      <div className="payment-actions payment-actions--end">
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} disabled={busy}>
          {t('payment.cancelPayment')}
        </button>
      </div>
      {confirming ? <CancelConfirm busy={busy} onConfirm={() => void cancel()} onDismiss={() => setConfirming(false)} /> : null}
    </section>
  );
}
