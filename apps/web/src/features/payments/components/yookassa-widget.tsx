import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import { files } from '@/shared/paths';
import { yookassaModalClose } from '../api/yookassa-modal-close';

/** The parts of YooKassa's checkout widget (checkout-widget.js v1) used here. */
interface YooKassaCheckout {
  on(event: 'success' | 'modal_close' | 'fail', listener: () => void): void;
  render(containerId?: string): Promise<void>;
  destroy(): void;
}
type YooKassaWidgetConstructor = new (options: {
  confirmation_token: string;
  return_url?: string;
  customization?: { modal?: boolean };
  error_callback: (error: unknown) => void;
}) => YooKassaCheckout;

declare global {
  interface Window {
    YooMoneyCheckoutWidget?: YooKassaWidgetConstructor;
  }
}

let loading: Promise<YooKassaWidgetConstructor> | undefined;
function loadWidget(): Promise<YooKassaWidgetConstructor> {
  loading ??= new Promise<YooKassaWidgetConstructor>((resolve, reject) => {
    if (window.YooMoneyCheckoutWidget) return resolve(window.YooMoneyCheckoutWidget);
    const script = document.createElement('script');
    script.src = files.yookassaWidget;
    script.async = true;
    script.onload = () => (window.YooMoneyCheckoutWidget ? resolve(window.YooMoneyCheckoutWidget) : reject(new Error('no widget')));
    script.onerror = () => reject(new Error('the YooKassa widget did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface YookassaWidgetProps {
  paymentId: string;
  confirmationToken: string;
  onSucceeded: () => void;
  /** The widget was closed and YooKassa has no payment for it: the flow cancels. */
  onClosed: () => Promise<void>;
  onError: (errorCode: HostErrorCode) => void;
}

/** YooKassa's embedded checkout widget with the confirmation token (real YooKassa keys only). */
export function YookassaWidget({ paymentId, confirmationToken, onSucceeded, onClosed, onError }: YookassaWidgetProps) {
  const { t } = useTranslation();
  const containerId = `yookassa-widget-${paymentId}`;
  const [failed, setFailed] = useState(false);
  // The widget's listeners call the latest handlers; they are kept after each render.
  const handlers = useRef({ onSucceeded, onClosed, onError });
  useEffect(() => {
    handlers.current = { onSucceeded, onClosed, onError };
  });

  useEffect(() => {
    let checkout: YooKassaCheckout | undefined;
    let gone = false;
    loadWidget()
      .then((Widget) => {
        if (gone) return;
        checkout = new Widget({
          confirmation_token: confirmationToken,
          error_callback: () => {
            setFailed(true);
            handlers.current.onError(HOST_ERROR_CODES.yookassaWidgetError);
          },
        });
        checkout.on('success', () => {
          checkout?.destroy();
          handlers.current.onSucceeded();
        });
        checkout.on('fail', () => handlers.current.onError(HOST_ERROR_CODES.yookassaFailure));
        checkout.on('modal_close', () => {
          yookassaModalClose(paymentId)
            .then(({ status }) => {
              if (status === 'paid' || status === 'pending') handlers.current.onSucceeded();
              else void handlers.current.onClosed();
            })
            .catch(() => handlers.current.onError(HOST_ERROR_CODES.yookassaModalCloseFailed));
        });
        return checkout.render(containerId);
      })
      .catch(() => {
        setFailed(true);
      });
    return () => {
      gone = true;
      checkout?.destroy();
    };
  }, [confirmationToken, containerId, paymentId]);

  return (
    <div>
      <div id={containerId} className="payment-widget" />
      {failed ? (
        <p role="alert" className="payment-error">
          {t('payment.providerError')}
        </p>
      ) : null}
    </div>
  );
}
