import { useTranslation } from 'react-i18next';
import type { TWebhookDelivery } from '@portal/contracts/staff';
import { formatDateTime } from '@portal/contracts/format';
import { Outcome, useDuration } from '../../components/webhook-deliveries';

/**
 * A payment's webhook deliveries to the game server, oldest first: what was sent, what the game
 * server answered, how long it took, which try it was and when the next one is due. Read-only:
 * sending an event again stays on the project's integrations page.
 */
export function PaymentDeliveries({ deliveries }: { deliveries: TWebhookDelivery[] }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <>
      <h2 id="staff-payment-deliveries-title">{t('staff.money.webhooks.title')}</h2>
      {deliveries.length === 0 ? (
        <p className="staff-muted">{t('staff.money.webhooks.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-labelledby="staff-payment-deliveries-title">
            <thead>
              <tr>
                <th scope="col">{t('staff.projects.deliveries.when')}</th>
                <th scope="col">{t('staff.projects.deliveries.event')}</th>
                <th scope="col">{t('staff.projects.deliveries.eventId')}</th>
                <th scope="col">{t('staff.projects.deliveries.answer')}</th>
                <th scope="col">{t('staff.projects.deliveries.duration')}</th>
                <th scope="col">{t('staff.projects.deliveries.attempt')}</th>
                <th scope="col">{t('staff.projects.deliveries.nextRetry')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
                  </td>
                  <td>
                    <code>{delivery.eventType}</code>
                  </td>
                  <td className="staff-mono">{delivery.eventId}</td>
                  <td>
                    <Outcome delivery={delivery} />
                  </td>
                  <td>{duration(delivery.durationMs)}</td>
                  <td>{delivery.attempt === 0 ? t('staff.projects.deliveries.manual') : delivery.attempt}</td>
                  <td>
                    {delivery.nextRetryAt ? <time dateTime={delivery.nextRetryAt}>{formatDateTime(delivery.nextRetryAt)}</time> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
