import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import type { TPaymentProcessResponse, TPaymentProviderConfig, TPaymentProviderId } from '@portal/contracts/payments';
import { formatMoney } from '@/shared/format-price';
import { assetUrl } from '@/shared/asset-url';
import { FormField } from '@/shared/ui/form-field';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { PaymentProcessInput, PaymentProcessOutput } from '@/shared/validation/schemas';
import { notify, notifyError } from '@/shared/ui/notify';
import { updateReceiptMail } from '../api/update-receipt-mail';
import { CopyPaymentId } from './copy-payment-id';

type FormInput = PaymentProcessInput;
type FormOutput = PaymentProcessOutput;

/**
 * The spec's rule: RUB shows ruPrice and ruName, USD enPrice and enName, whatever the interface
 * language (the item's name in that language serves where the spec is silent: the history).
 */
export function itemOf(data: TPaymentProcessResponse['paymentData'], provider: TPaymentProviderConfig | undefined) {
  const currency = provider?.currency ?? 'RUB';
  return currency === 'RUB'
    ? { name: data.ruName || data.name, price: data.ruPrice, currency }
    : { name: data.enName || data.name, price: data.enPrice, currency };
}

export interface ProcessScreenProps {
  paymentId: string;
  process: TPaymentProcessResponse;
  onContinue: (provider: TPaymentProviderId) => void;
  /** The receipt e-mail could not be saved (4010). */
  onError: (errorCode: HostErrorCode) => void;
  onCancelRequest: () => void;
}

/**
 * The generic payment screen: project card, item name and price by currency, the method
 * choice and the receipt e-mail (required, valid; saved first when changed).
 */
export function ProcessScreen({ paymentId, process, onContinue, onError, onCancelRequest }: ProcessScreenProps) {
  const { t } = useTranslation();
  const providers = process.providers;
  const saved = process.profileData.mailToReceiveCheck ?? '';
  const [saving, setSaving] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: lazyResolver<FormInput, FormOutput>((schemas) => schemas.ZPaymentProcessForm),
    defaultValues: { provider: providers[0]?.id ?? 'stripe', email: saved },
  });
  const chosenId = useWatch({ control: form.control, name: 'provider' });
  const chosen = providers.find((p) => p.id === chosenId);
  const item = itemOf(process.paymentData, chosen);
  const emailError = form.formState.errors.email?.message;

  useEffect(() => {
    if (providers.length === 0) notifyError('PAYMENTS_METHODS_NOT_EXIST');
  }, [providers.length]);

  const submit = form.handleSubmit(async ({ provider, email }) => {
    if (email !== saved.trim().toLowerCase()) {
      setSaving(true);
      try {
        await updateReceiptMail(email);
      } catch {
        notify({ kind: 'error', text: t('payment.receiptEmailFailed'), id: 'receipt-email-failed' });
        onError(HOST_ERROR_CODES.receiptEmailUpdateFailed);
        return;
      } finally {
        setSaving(false);
      }
    }
    onContinue(provider);
  });

  const logo = assetUrl(process.paymentData.cardLogoImage);
  return (
    <section className="payment-screen" aria-labelledby="payment-title">
      <h1 id="payment-title">{t('payment.title')}</h1>
      <div className="payment-card">
        {logo ? <img src={logo} alt="" className="payment-card__logo" /> : null}
        <div>
          <p className="payment-card__project">{process.paymentData.projectName}</p>
          <p className="payment-card__item" data-testid="payment-item">
            {item.name}
          </p>
          <p className="payment-card__price" data-testid="payment-price">
            {formatMoney(item.price, item.currency)}
          </p>
        </div>
      </div>
      <CopyPaymentId paymentId={paymentId} />
      <form noValidate onSubmit={(event) => void submit(event)} className="payment-form">
        {providers.length > 0 ? (
          <fieldset className="payment-methods">
            <legend>{t('payment.methodLegend')}</legend>
            {providers.map((provider) => (
              <label key={provider.id} className="payment-method">
                <input type="radio" value={provider.id} {...form.register('provider')} />
                <span className="payment-method__title">{provider.title}</span>
                <span className="payment-method__detail">
                  {provider.methods.map((method) => t(`payment.methods.${method}`)).join(', ')} · {provider.currency}{' '}
                  {provider.currencySymbol}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p role="alert" className="payment-error">
            {t('errors.PAYMENTS_METHODS_NOT_EXIST')}
          </p>
        )}
        <FormField
          className="form-field payment-field"
          label={t('payment.receiptEmail')}
          type="email"
          autoComplete="email"
          error={emailError}
          {...form.register('email')}
        />
        <div className="payment-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={providers.length === 0 || saving || form.formState.isSubmitting}
          >
            {t('payment.continue')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancelRequest}>
            {t('payment.cancelPayment')}
          </button>
        </div>
      </form>
    </section>
  );
}
