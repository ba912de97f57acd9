import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import type { TWebhookDelivery } from '@portal/contracts/staff';
import { formatDateTime } from '@portal/contracts/format';
import { ApiError } from '@/shared/api/client';
import { useRedeliverWebhook, useSendTestWebhook, useWebhookDeliveries } from '../api/webhook-deliveries';

/** What a delivery got back: the HTTP status, or why none came. */
export function Outcome({ delivery }: { delivery: TWebhookDelivery }) {
  const { t } = useTranslation();
  const status = delivery.responseStatus ?? t('staff.projects.deliveries.noAnswer');
  return (
    <span className={delivery.ok ? 'staff-pay--paid' : 'staff-pay--fail'}>
      {delivery.ok ? t('staff.projects.deliveries.ok', { status }) : t('staff.projects.deliveries.failed', { status })}
      {delivery.error && <span className="staff-muted"> · {delivery.error}</span>}
    </span>
  );
}

/** A time taken in the page's language ("120 ms", "120 мс"). */
export function useDuration() {
  const language = useCurrentLanguage();
  return (ms: number) => new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms);
}

/** The columns of a deliveries table: when, event, event id, answer, time taken, attempt, next retry. */
export function DeliveryHeadings() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">{t('staff.projects.deliveries.when')}</th>
      <th scope="col">{t('staff.projects.deliveries.event')}</th>
      <th scope="col">{t('staff.projects.deliveries.eventId')}</th>
      <th scope="col">{t('staff.projects.deliveries.answer')}</th>
      <th scope="col">{t('staff.projects.deliveries.duration')}</th>
      <th scope="col">{t('staff.projects.deliveries.attempt')}</th>
      <th scope="col">{t('staff.projects.deliveries.nextRetry')}</th>
    </>
  );
}

/** One delivery's cells under `DeliveryHeadings`. */
export function DeliveryCells({ delivery }: { delivery: TWebhookDelivery }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <>
      <td>
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
      </td>
      <td>
        <code>{delivery.eventType}</code>
      </td>
      <td>
        <code className="staff-mono">{delivery.eventId}</code>
      </td>
      <td>
        <Outcome delivery={delivery} />
      </td>
      <td>{duration(delivery.durationMs)}</td>
      <td>{delivery.attempt === 0 ? t('staff.projects.deliveries.manual') : delivery.attempt}</td>
      <td>{delivery.nextRetryAt ? <time dateTime={delivery.nextRetryAt}>{formatDateTime(delivery.nextRetryAt)}</time> : '—'}</td>
    </>
  );
}

/** A failed console call's text: the server's conflict (no URL set) or the generic message. */
function errorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.code === 'WEBHOOK_NOT_SET') return t('staff.projects.noWebhook');
  return t('staff.projects.error');
}

/** "Send test event": a signed `webhook.test` now, and what the game server answered. */
export function WebhookTest({ project }: { project: string }) {
  const { t } = useTranslation();
  const test = useSendTestWebhook();
  const duration = useDuration();
  return (
    <div className="staff-webhook-test">
      <button type="button" className="staff-button" disabled={test.isPending} onClick={() => test.mutate(project)}>
        {t('staff.projects.sendTest')}
      </button>
      <p role="status" className="staff-webhook-test__result">
        {test.isPending && t('staff.projects.sendingTest')}
        {test.data && (
          <>
            {t('staff.projects.testSent', { id: test.data.eventId, duration: duration(test.data.durationMs) })}{' '}
            <Outcome delivery={test.data} />
          </>
        )}
      </p>
      {test.isError && (
        <p role="alert" className="staff-error">
          {errorText(test.error, t)}
        </p>
      )}
    </div>
  );
}

/** The deliveries log, newest first, each row sendable again with the same event id. */
export function WebhookDeliveries({ project }: { project: string }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(project);
  const redeliver = useRedeliverWebhook();
  const rows = deliveries.data ?? [];
  return (
    <section className="staff-card staff-deliveries" aria-labelledby="staff-deliveries-title">
      <div className="staff-card__head">
        <h2 id="staff-deliveries-title">{t('staff.projects.deliveries.title')}</h2>
        <button type="button" className="staff-button" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {t('staff.projects.deliveries.refresh')}
        </button>
      </div>
      {deliveries.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
      {deliveries.isSuccess && rows.length === 0 && <p className="staff-muted">{t('staff.projects.deliveries.empty')}</p>}
      {rows.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="staff-visually-hidden">{t('staff.projects.deliveries.caption', { project })}</caption>
            <thead>
              <tr>
                <DeliveryHeadings />
                <th scope="col">
                  <span className="staff-visually-hidden">{t('staff.projects.deliveries.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => (
                <tr key={delivery.id}>
                  <DeliveryCells delivery={delivery} />
                  <td>
                    <button
                      type="button"
                      className="staff-button"
                      disabled={redeliver.isPending}
                      aria-label={t('staff.projects.deliveries.redeliverEvent', {
                        id: delivery.eventId,
                        when: formatDateTime(delivery.createdAt),
                      })}
                      onClick={() => redeliver.mutate({ project, deliveryId: delivery.id })}
                    >
                      {t('staff.projects.deliveries.redeliver')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="staff-muted">
        {redeliver.data ? t('staff.projects.deliveries.redelivered', { id: redeliver.data.eventId }) : ''}
      </p>
      {redeliver.isError && (
        <p role="alert" className="staff-error">
          {errorText(redeliver.error, t)}
        </p>
      )}
    </section>
  );
}
