import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import { PAYMENT_PROVIDER_CONFIG, type TPaymentProviderId, type TPaymentStatus } from '@portal/contracts/payments-constants';
import { setRequestContext } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { useServiceCloseHandler } from '@/shared/bridge/service-bridge-close';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { notifyError } from '@/shared/ui/notify';
import { cancelPayment, type CancelTarget } from '../api/cancel-payment';
import { getPayment, paymentQueryOptions, usePayment } from '../api/get-payment';
import { usePaymentProcess } from '../api/get-payment-process';
import { yandexPayWindowClose } from '../api/yandex-pay-window-close';
import { deliverPaymentResult, errorResult, resultOf, type PaymentHostResult } from '../result';
import { CancelConfirm } from './cancel-confirm';
import { PaymentPopup } from './payment-popup';
import { ProcessScreen } from './process-screen';
import { ProviderScreen, type ProviderInfo } from './provider-screen';
import './payments.css';

export interface PaymentFlowProps {
  paymentId: string;
  source?: string | null;
  locale?: string | null;
  project?: string | null;
  jwt?: string | null;
  /** In a modal the steps switch in state; as routes the provider step is its own route. */
  inModal?: boolean;
  /** The end (popup Ok, cancel, failure); without it the result goes to the host as routes do. */
  onDone?: (result: PaymentHostResult) => void;
  /** Routes only: start at this provider's screen (/payments/{provider}/...). */
  provider?: TPaymentProviderId;
  /** Routes only: go to a provider's screen (its URL). */
  onProviderRoute?: (provider: TPaymentProviderId) => void;
  /** The step shown changed (a modal host keeps a provider step from being dismissed). */
  onStepChange?: (step: PaymentStep) => void;
}

/**
 * The step the flow shows: `provider` from a provider's screen on (the popup over it included),
 * else `process` (the generic payment screen, loading, a popup opened without a provider).
 */
export type PaymentStep = 'process' | 'provider';

type Step =
  | { kind: 'process' }
  | { kind: 'provider'; provider: TPaymentProviderId }
  | { kind: 'popup'; provider: TPaymentProviderId | null; providerWindow?: Window | null };

/** The whole payment: process screen -> provider screen -> popup. */
export function PaymentFlow({
  paymentId,
  source,
  project,
  jwt,
  inModal = false,
  onDone,
  provider,
  onProviderRoute,
  onStepChange,
}: PaymentFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // A token the host handed in (route segment, modal value) signs this flow's calls, from the
  // first one on: a layout effect runs before the queries below start (they fetch from passive
  // effects); cleared when the flow goes.
  useLayoutEffect(() => {
    if (!jwt) return undefined;
    setRequestContext({ jwt });
    return () => setRequestContext({ jwt: null });
  }, [jwt]);
  const config = useInitialConfig(project ?? undefined);
  const process = usePaymentProcess(paymentId);
  const current = usePayment(paymentId);
  const [step, setStep] = useState<Step>(provider ? { kind: 'provider', provider } : { kind: 'process' });
  const [confirming, setConfirming] = useState(false);
  const info = useRef<ProviderInfo | null>(null);
  const done = useRef(false);
  usePageMeta({ title: `${t('payment.title')} · ${t('header.portalName')}` });

  const finish = useCallback(
    (result: PaymentHostResult) => {
      if (done.current) return;
      done.current = true;
      if (onDone) onDone(result);
      else void deliverPaymentResult(result, { source, authType: config.data?.projects.authType, navigate });
    },
    [config.data?.projects.authType, navigate, onDone, source],
  );

  // A payment already under way or finished (the game opens the same payment again, a reload)
  // goes straight to the popup: pending polls, paid / fail / cancelled show their end with Ok.
  // Cancelled is none plus `finished` (a new payment is none and unfinished). Until the status
  // is known no screen is offered, so nothing is created at a provider for a finished payment.
  const status = current.data?.status;
  const resumed = status === 'pending' || status === 'paid' || status === 'fail' || (status === 'none' && current.data?.finished === true);
  const popup: Extract<Step, { kind: 'popup' }> | null =
    step.kind === 'popup' ? step : resumed ? { kind: 'popup', provider: process.data?.provider ?? null } : null;

  const shown: PaymentStep =
    paymentId && (popup ? popup.provider !== null : !current.isPending && step.kind === 'provider') ? 'provider' : 'process';
  useEffect(() => {
    onStepChange?.(shown);
  }, [onStepChange, shown]);

  useEffect(() => {
    if (process.isError) notifyError('PAYMENTS_PROVIDER_DATA_NOT_EXIST');
  }, [process.isError]);

  /** The provider payment a cancel is about: the one created here, else the one the server knows. */
  const cancelTarget = useCallback((): CancelTarget | null => {
    if (info.current) return { ...info.current, started: true };
    const started = process.data;
    if (!started?.provider) return null;
    return { provider: started.provider, stripeId: started.providerId ?? undefined, started: Boolean(started.providerId) };
  }, [process.data]);

  /** Every cancel of this flow: on the server (at the provider where it can); answers the status. */
  const cancelProviderPayment = useCallback(() => cancelPayment(paymentId, cancelTarget()), [cancelTarget, paymentId]);

  /** The same from the flow's own cancel buttons: a failed Stripe cancellation ends the flow (4009). */
  const cancelAtProvider = useCallback(async (): Promise<TPaymentStatus | undefined> => {
    try {
      return await cancelProviderPayment();
    } catch {
      finish(errorResult(paymentId, HOST_ERROR_CODES.stripeCancelFailed));
      return undefined;
    }
  }, [cancelProviderPayment, finish, paymentId]);

  // The embedded header's close (after its own confirmation) cancels at the provider first; the
  // header then hands the host the result, so this flow delivers nothing more.
  useServiceCloseHandler(async () => {
    if (done.current) return;
    done.current = true;
    await cancelProviderPayment();
  });

  /**
   * Cancelled on a screen before the popup. When the provider finished the payment (cancelled,
   * or it was paid or failed meanwhile), the popup shows that end; otherwise (nothing started,
   * a provider that cannot cancel) the flow ends as none (4000).
   */
  const cancelFlow = useCallback(async () => {
    const after = await cancelAtProvider();
    if (after === undefined) return;
    const answer = after === 'pending' ? undefined : await getPayment(paymentId).catch(() => undefined);
    if (answer && answer.status !== 'pending' && info.current) {
      client.setQueryData(paymentQueryOptions(paymentId).queryKey, answer);
      setStep((now) => ({ kind: 'popup', provider: now.kind === 'process' ? null : now.provider }));
      return;
    }
    finish(
      answer?.status === 'paid' || answer?.status === 'fail'
        ? resultOf(paymentId, answer)
        : errorResult(paymentId, HOST_ERROR_CODES.paymentCancelled),
    );
  }, [cancelAtProvider, client, finish, paymentId]);

  /** The Yandex Pay window looks closed while unfinished: the server re-reads the order (and cancels nothing). */
  const closeProviderWindow = useCallback(async () => (await yandexPayWindowClose(paymentId)).status, [paymentId]);

  const onCreated = useCallback((created: ProviderInfo) => {
    info.current = created;
  }, []);

  const onStarted = useCallback(
    (providerWindow?: Window | null) => {
      const key = paymentQueryOptions(paymentId).queryKey;
      client.setQueryData(key, (old) => ({ payload: null, token: null, ...old, status: 'pending' as const }));
      setStep((now) => ({ kind: 'popup', provider: now.kind === 'process' ? null : now.provider, providerWindow }));
    },
    [client, paymentId],
  );

  if (!paymentId) {
    return (
      <section className="payment-screen" aria-labelledby="payment-title">
        <h1 id="payment-title">{t('payment.title')}</h1>
        <p role="alert" className="payment-error">
          {t('payment.openError')}
        </p>
      </section>
    );
  }

  const failed = (errorCode: HostErrorCode) => finish(errorResult(paymentId, errorCode));

  let screen: React.ReactNode;
  if (popup) {
    // The popup is the screen now; the provider payment it waits on stays as it is. It still
    // counts as the provider step (`shown`: no outside close in a modal).
    screen = popup.provider ? (
      <section className="payment-screen" aria-labelledby="payment-provider-title">
        <h1 id="payment-provider-title">{t('payment.providerTitle', { provider: PAYMENT_PROVIDER_CONFIG[popup.provider].title })}</h1>
      </section>
    ) : (
      <section className="payment-screen" aria-labelledby="payment-title">
        <h1 id="payment-title">{t('payment.title')}</h1>
      </section>
    );
  } else if (current.isPending) {
    screen = (
      <section className="payment-screen" aria-labelledby="payment-title">
        <h1 id="payment-title">{t('payment.title')}</h1>
        <p role="status" className="payment-loading">
          {t('common.loading')}
        </p>
      </section>
    );
  } else if (step.kind === 'provider') {
    screen = (
      <ProviderScreen
        provider={step.provider}
        paymentId={paymentId}
        onStarted={onStarted}
        onCreated={onCreated}
        onError={failed}
        onCancel={cancelFlow}
      />
    );
  } else if (process.data) {
    screen = (
      <ProcessScreen
        paymentId={paymentId}
        process={process.data}
        onContinue={(chosen) => {
          if (!inModal && onProviderRoute) onProviderRoute(chosen);
          else setStep({ kind: 'provider', provider: chosen });
        }}
        onError={failed}
        onCancelRequest={() => setConfirming(true)}
      />
    );
  } else {
    screen = (
      <section className="payment-screen" aria-labelledby="payment-title">
        <h1 id="payment-title">{t('payment.title')}</h1>
        {process.isError ? (
          <>
            <p role="alert" className="payment-error">
              {t('payment.openError')}
            </p>
            <div className="payment-actions">
              <button type="button" className="button button--primary" onClick={() => failed(HOST_ERROR_CODES.processFailed)}>
                {t('payment.close')}
              </button>
            </div>
          </>
        ) : (
          <p role="status" className="payment-loading">
            {t('common.loading')}
          </p>
        )}
      </section>
    );
  }

  return (
    <div className={`payment-flow${inModal ? ' payment-flow--modal' : ''}`}>
      {screen}
      {popup ? (
        <PaymentPopup
          paymentId={paymentId}
          jwt={jwt}
          providerWindow={popup.providerWindow}
          onWindowClosed={closeProviderWindow}
          onCancel={async () => {
            const after = await cancelAtProvider();
            // A provider that cannot cancel (real YooKassa, Yandex Pay) leaves it to expire: the player is told it is not paid.
            if (after === 'pending') finish(errorResult(paymentId, HOST_ERROR_CODES.paymentCancelled));
          }}
          onFinish={finish}
        />
      ) : null}
      {confirming ? (
        <CancelConfirm
          onConfirm={() => {
            setConfirming(false);
            void cancelFlow();
          }}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
