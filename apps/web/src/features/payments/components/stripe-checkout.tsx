import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';

export interface StripeCheckoutProps {
  publishableKey: string | null;
  clientSecret: string;
  /** The PaymentIntent succeeded or is processing: the flow sets the payment pending. */
  onSucceeded: () => void;
  onError: () => void;
}

/** Stripe's Payment Element for the PaymentIntent the server created (real Stripe keys only). */
export function StripeCheckout({ publishableKey, clientSecret, onSucceeded, onError }: StripeCheckoutProps) {
  const { t } = useTranslation();
  const stripe = useMemo(() => (publishableKey ? loadStripe(publishableKey) : null), [publishableKey]);
  if (!stripe || !clientSecret) {
    return (
      <div>
        <p role="alert" className="payment-error">
          {t('payment.stripe.error')}
        </p>
        <button type="button" className="button button--primary" onClick={onError}>
          {t('payment.close')}
        </button>
      </div>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeForm onSucceeded={onSucceeded} />
    </Elements>
  );
}

function StripeForm({ onSucceeded }: { onSucceeded: () => void }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setMessage(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (error) {
        setMessage(
          error.type === 'card_error' || error.type === 'validation_error'
            ? (error.message ?? t('payment.stripe.failed'))
            : t('payment.stripe.error'),
        );
        return;
      }
      // The Stripe messages, by the PaymentIntent's status.
      switch (paymentIntent?.status) {
        case 'succeeded':
          setMessage(t('payment.stripe.succeeded'));
          onSucceeded();
          break;
        case 'processing':
          setMessage(t('payment.stripe.processing'));
          onSucceeded();
          break;
        case 'requires_payment_method':
          setMessage(t('payment.stripe.failed'));
          break;
        default:
          setMessage(t('payment.stripe.error'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="payment-form">
      <PaymentElement />
      <button type="submit" className="button button--primary" disabled={busy || !stripe || !elements}>
        {t('payment.pay')}
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}
