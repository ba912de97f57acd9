import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMoneyPaymentDetail } from '@portal/contracts/money-console';
import { REFUND_REASON_MAX, fromMinorUnits, toMinorUnits } from '@portal/contracts/payments-constants';
import { formatDateTime, formatMoney } from '@portal/contracts/format';
import { ApiError } from '@/shared/api/client';
import { ConfirmAction } from '../../components/confirm-action';
import { useCreateRefund } from '../api/payments';

type Detail = TMoneyPaymentDetail;
const major = (amountMinor: number) => amountMinor / 100;

/**
 * A payment's refunds and disputes, and the refund form: an amount (what is left, by default)
 * and a reason, asked twice before the money moves; the provider's answer is shown as it came.
 */
export function RefundSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { payment } = detail;
  const refunds = detail.refunds ?? [];
  const disputes = detail.disputes ?? [];
  const taken = refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountMinor, 0);
  const left = Math.max(0, payment.amountMinor - taken);

  return (
    <>
      <h2 id="staff-refunds-title">{t('staff.money.refund.title')}</h2>
      {refunds.length === 0 ? (
        <p className="staff-muted">{t('staff.money.refund.none')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-labelledby="staff-refunds-title">
            <thead>
              <tr>
                <th scope="col">{t('staff.money.amount')}</th>
                <th scope="col">{t('staff.money.refund.statusCol')}</th>
                <th scope="col">{t('staff.money.refund.sourceCol')}</th>
                <th scope="col">{t('staff.money.refund.reason')}</th>
                <th scope="col">{t('staff.money.payments.created')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.refundId}>
                  <td>{formatMoney(major(refund.amountMinor), refund.currency)}</td>
                  <td>
                    <span className={`staff-refund staff-refund--${refund.status}`}>{t(`staff.money.refund.status.${refund.status}`)}</span>
                    {refund.failureReason && (
                      <span className="staff-muted">
                        {' '}
                        ({t('staff.money.refund.failure')}: {refund.failureReason})
                      </span>
                    )}
                  </td>
                  <td>{t(`staff.money.refund.source.${refund.source}`)}</td>
                  <td>{refund.reason}</td>
                  <td>
                    <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {payment.status === 'paid' && left > 0 && <RefundForm detail={detail} left={left} />}

      {disputes.length > 0 && (
        <>
          <h2 id="staff-disputes-title">{t('staff.money.disputes.title')}</h2>
          <div className="staff-table-wrap">
            <table className="staff-table" aria-labelledby="staff-disputes-title">
              <thead>
                <tr>
                  <th scope="col">{t('staff.money.amount')}</th>
                  <th scope="col">{t('staff.money.payments.status')}</th>
                  <th scope="col">{t('staff.money.disputes.reason')}</th>
                  <th scope="col">{t('staff.money.detail.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {disputes.map((dispute) => (
                  <tr key={dispute.disputeId}>
                    <td>{formatMoney(major(dispute.amountMinor), dispute.currency)}</td>
                    <td>{t(`staff.money.disputes.status.${dispute.status}`)}</td>
                    <td>{dispute.reason}</td>
                    <td>
                      <time dateTime={dispute.updatedAt}>{formatDateTime(dispute.updatedAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function RefundForm({ detail, left }: { detail: Detail; left: number }) {
  const { t } = useTranslation();
  const { payment } = detail;
  const id = useId();
  const leftText = formatMoney(major(left), payment.currency);
  const [amount, setAmount] = useState(() => fromMinorUnits(left, payment.currency));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'amount' | 'reason' | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'pending' | 'error'; text: string } | null>(null);
  const refund = useCreateRefund();

  const amountMinor = (() => {
    try {
      return toMinorUnits(amount.replace(',', '.'), payment.currency);
    } catch {
      return Number.NaN;
    }
  })();
  const valid = Number.isSafeInteger(amountMinor) && amountMinor > 0 && amountMinor <= left;

  const check = (event?: FormEvent) => {
    event?.preventDefault();
    const next = !valid ? 'amount' : reason.trim() === '' ? 'reason' : null;
    setProblem(next);
    return next === null;
  };

  const run = () => {
    if (!check()) return;
    setOutcome(null);
    const text = formatMoney(major(amountMinor), payment.currency);
    refund.mutate(
      { paymentId: payment.paymentId, amountMinor, reason: reason.trim() },
      {
        onSuccess: (made) => {
          setOutcome({
            kind: made.status === 'succeeded' ? 'done' : 'pending',
            text: t(`staff.money.refund.${made.status === 'succeeded' ? 'done' : 'pending'}`, { amount: text }),
          });
          setReason('');
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : '';
          const message =
            code === 'REFUND_EXCEEDS_REMAINING'
              ? t('staff.money.refund.exceeds')
              : code === 'REFUND_FAILED' && error instanceof ApiError
                ? t('staff.money.refund.failed', { reason: error.message.replace(/^The provider refused the refund: /, '') })
                : t('staff.money.refund.error');
          setOutcome({ kind: 'error', text: message });
        },
      },
    );
  };

  return (
    <form className="staff-money-form staff-refund-form" aria-labelledby={`${id}-title`} onSubmit={check} noValidate>
      <h3 id={`${id}-title`}>{t('staff.money.refund.submit')}</h3>
      <p className="staff-muted">
        {t('staff.money.refund.left')}: <strong>{leftText}</strong>
      </p>
      <div className="staff-field">
        <label htmlFor={`${id}-amount`}>{t('staff.money.refund.amount', { currency: payment.currency })}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          aria-invalid={problem === 'amount' || undefined}
          aria-describedby={`${id}-amount-hint`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <small id={`${id}-amount-hint`} className={problem === 'amount' ? 'staff-error' : 'staff-muted'}>
          {problem === 'amount'
            ? t('staff.money.refund.amountInvalid', { amount: leftText })
            : t('staff.money.refund.amountHint', { amount: leftText })}
        </small>
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-reason`}>{t('staff.money.refund.reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          aria-invalid={problem === 'reason' || undefined}
          aria-describedby={problem === 'reason' ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem === 'reason' && (
          <small id={`${id}-reason-error`} className="staff-error">
            {t('staff.money.refund.reasonMissing')}
          </small>
        )}
      </div>
      <div className="staff-money-form__actions">
        <ConfirmAction
          label={t('staff.money.refund.submit')}
          question={t('staff.money.refund.question', { amount: valid ? formatMoney(major(amountMinor), payment.currency) : amount })}
          confirm={t('staff.money.refund.confirm')}
          busy={refund.isPending}
          onConfirm={run}
        />
      </div>
      {outcome && (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={outcome.kind === 'error' ? 'staff-error' : undefined}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
