import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_HELP_REASONS } from '@portal/contracts/payments-constants';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { FormField } from '@/shared/ui/form-field';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { PaymentHelpInput, PaymentHelpOutput } from '@/shared/validation/schemas';
import { Dialog } from '@/shared/ui/modal/dialog';
import { notify } from '@/shared/ui/notify';
import { useSendLetterSupport } from '../api/send-letter-support';
import './transactions.css';

const REASONS = [
  { value: PAYMENT_HELP_REASONS.dropNotCredited, key: 'transactions.reasons.dropNotCredited' },
  { value: PAYMENT_HELP_REASONS.other, key: 'transactions.reasons.other' },
] as const;

export interface PaymentHelpFormProps {
  paymentId: string;
  /** OK on the success dialog: close the modal, or go to the start page. */
  onDone: () => void;
}

/**
 * The support request about a payment (the Support request screen): payment id and user id,
 * the two reasons, a feedback e-mail; Send stays disabled until a reason and an e-mail are
 * given. A malformed e-mail is marked on the field, which gets the focus.
 */
export function PaymentHelpForm({ paymentId, onDone }: PaymentHelpFormProps) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const send = useSendLetterSupport();
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm<PaymentHelpInput, unknown, PaymentHelpOutput>({
    resolver: lazyResolver<PaymentHelpInput, PaymentHelpOutput>((schemas) => schemas.ZPaymentHelpForm),
    defaultValues: { reason: '', email: '' },
    mode: 'onTouched',
  });
  const reason = form.watch('reason');
  const email = form.watch('email');
  const emailError = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await send.mutateAsync({
        nickName: user?.nickName ?? '',
        currentAuthType: user?.currentAuthType ?? '',
        email: values.email,
        reason: values.reason,
        paymentId,
      });
      setSent(true);
    } catch {
      setFailed(true);
      notify({ kind: 'error', text: t('payment.status.fail'), id: 'payment-help-failed' });
    }
  });

  return (
    <form className="tx-help" noValidate onSubmit={(event) => void submit(event)}>
      <dl className="tx-help__ids">
        <div>
          <dt>{t('transactions.paymentId')}</dt>
          <dd>
            <code>{paymentId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('transactions.userId')}</dt>
          <dd>
            <code>{user?.userId ?? ''}</code>
          </dd>
        </div>
      </dl>

      <fieldset className="tx-help__reasons">
        <legend>{t('transactions.reason')}</legend>
        {REASONS.map((option) => (
          <label key={option.value} className="tx-help__reason">
            <input type="radio" value={option.value} {...form.register('reason')} />
            {t(option.key)}
          </label>
        ))}
      </fieldset>

      {/* The message keeps its space, so one appearing on blur does not move the Send button under the pointer. */}
      <FormField
        className="tx-help__field"
        errorClassName="tx-help__error tx-help__error--field"
        keepErrorSpace
        label={t('transactions.email')}
        type="email"
        autoComplete="email"
        error={emailError}
        {...form.register('email')}
      />

      {failed ? (
        <p className="tx-help__error" role="alert">
          {t('payment.status.fail')}
        </p>
      ) : null}

      <button type="submit" className="tx-button" disabled={!reason || !email || send.isPending}>
        {t('transactions.send')}
      </button>

      {sent ? (
        <Dialog label={t('transactions.sentTitle')} dismissible={false} className="tx-dialog">
          <h2>{t('transactions.sentTitle')}</h2>
          <p>{t('transactions.sent')}</p>
          <button type="button" className="tx-button" onClick={onDone}>
            {t('transactions.ok')}
          </button>
        </Dialog>
      ) : null}
    </form>
  );
}
