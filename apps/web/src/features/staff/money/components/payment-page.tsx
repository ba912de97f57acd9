import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMoneyPaymentDetail } from '@portal/contracts/money-console';
import { formatDateTime, formatMoney } from '@portal/contracts/format';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { staffPaths } from '../../staff-paths';
import { useMoneyPayment } from '../api/payments';
import { MoneyError, MoneyGate, providerName } from './money-gate';
import { PaymentDeliveries } from './payment-deliveries';
import { RefundSection } from './refund-section';

/**
 * /staff/payments/:id: one payment, its refunds (and the refund form) and disputes, its provider
 * attempts, the provider events applied to it and its webhook deliveries to the game server.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.money.detail.title')} · ${t('staff.title')}` });
  return (
    <MoneyGate title={t('staff.money.detail.title')}>
      <PaymentDetail />
    </MoneyGate>
  );
}

const minor = (amountMinor: number) => amountMinor / 100;

function PaymentDetail() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  // Back to the search the payment was opened from.
  const fromSearch = (location.state as { search?: string } | null)?.search ?? '';
  const detail = useMoneyPayment(id);
  const ru = i18n.resolvedLanguage === 'ru';

  return (
    <section className="staff-card staff-money" aria-labelledby="staff-payment-title">
      <Link to={`${staffPaths.payments()}${fromSearch}`} className="staff-money-back">
        {t('staff.money.detail.back')}
      </Link>
      <h1 id="staff-payment-title">{t('staff.money.detail.title')}</h1>
      {detail.isPending && <p role="status">{t('common.loading')}</p>}
      {detail.isError && <MoneyError error={detail.error} />}
      {detail.data && <PaymentFacts detail={detail.data} ru={ru} />}
    </section>
  );
}

function PaymentFacts({ detail, ru }: { detail: TMoneyPaymentDetail; ru: boolean }) {
  const { t } = useTranslation();
  const { payment, playerEmail, attempts, providerEvents } = detail;
  const facts: Array<[string, ReactNode]> = [
    [t('staff.money.payments.paymentId'), <span className="staff-mono">{payment.paymentId}</span>],
    [
      t('staff.money.payments.status'),
      <span>
        <span className={`staff-pay staff-pay--${payment.status}`}>{t(`payment.status.${payment.status}`)}</span>
        {!payment.livemode && <span className="staff-test-badge">{t('staff.money.testBadge')}</span>}
      </span>,
    ],
    [t('staff.money.amount'), formatMoney(Number(payment.amount), payment.currency)],
    ...(payment.refundedAmountMinor > 0
      ? [[t('staff.money.refund.refunded'), formatMoney(minor(payment.refundedAmountMinor), payment.currency)] as [string, ReactNode]]
      : []),
    [t('staff.money.project'), payment.project],
    [t('staff.money.payments.item'), `${ru ? payment.titleRu : payment.titleEn} (${payment.priceId})`],
    [t('staff.money.payments.player'), <span className="staff-mono">{payment.userId}</span>],
    [t('staff.money.detail.email'), playerEmail ?? '—'],
    [t('staff.money.detail.receiptEmail'), payment.receiptEmail ?? '—'],
    [t('staff.money.payments.provider'), providerName(payment.provider)],
    [t('staff.money.detail.providerRef'), payment.providerRef ? <span className="staff-mono">{payment.providerRef}</span> : '—'],
    [t('staff.money.payments.created'), <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>],
    [t('staff.money.detail.updated'), <time dateTime={payment.updatedAt}>{formatDateTime(payment.updatedAt)}</time>],
    [t('staff.money.detail.paid'), payment.paidAt ? <time dateTime={payment.paidAt}>{formatDateTime(payment.paidAt)}</time> : '—'],
    [t('staff.money.detail.payload'), payment.payload ? <span className="staff-mono">{payment.payload}</span> : '—'],
  ];

  return (
    <>
      <dl className="staff-money-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <RefundSection detail={detail} />

      <h2 id="staff-attempts-title">{t('staff.money.detail.attempts')}</h2>
      {attempts.length === 0 ? (
        <p className="staff-muted">{t('staff.money.detail.noAttempts')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-labelledby="staff-attempts-title">
            <thead>
              <tr>
                <th scope="col">{t('staff.money.payments.provider')}</th>
                <th scope="col">{t('staff.money.detail.providerRef')}</th>
                <th scope="col">{t('staff.money.amount')}</th>
                <th scope="col">{t('staff.money.payments.created')}</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={`${attempt.provider}:${attempt.providerRef}`}>
                  <td>{providerName(attempt.provider)}</td>
                  <td className="staff-mono">{attempt.providerRef}</td>
                  <td>{formatMoney(minor(attempt.amountMinor), attempt.currency)}</td>
                  <td>
                    <time dateTime={attempt.createdAt}>{formatDateTime(attempt.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="staff-events-title">{t('staff.money.detail.events')}</h2>
      {providerEvents.length === 0 ? (
        <p className="staff-muted">{t('staff.money.detail.noEvents')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-labelledby="staff-events-title">
            <thead>
              <tr>
                <th scope="col">{t('staff.money.payments.provider')}</th>
                <th scope="col">{t('staff.money.detail.eventId')}</th>
                <th scope="col">{t('staff.money.detail.eventStatus')}</th>
                <th scope="col">{t('staff.money.detail.outcome')}</th>
                <th scope="col">{t('staff.money.detail.received')}</th>
              </tr>
            </thead>
            <tbody>
              {providerEvents.map((event) => (
                <tr key={`${event.provider}:${event.eventId}`}>
                  <td>{providerName(event.provider)}</td>
                  <td className="staff-mono">{event.eventId}</td>
                  <td>{event.status}</td>
                  <td>{event.outcome}</td>
                  <td>
                    <time dateTime={event.receivedAt}>{formatDateTime(event.receivedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PaymentDeliveries deliveries={detail.webhookDeliveries ?? []} />
    </>
  );
}
