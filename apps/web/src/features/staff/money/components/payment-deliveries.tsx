import { useTranslation } from 'react-i18next';
import type { TWebhookDelivery } from '@portal/contracts/staff';
import { DeliveryCells, DeliveryHeadings } from '../../components/webhook-deliveries';

/**
 * A payment's webhook deliveries to the game server, oldest first: what was sent, what the game
 * server answered, how long it took, which try it was and when the next one is due. Read-only:
 * sending an event again stays on the project's integrations page.
 */
export function PaymentDeliveries({ deliveries }: { deliveries: TWebhookDelivery[] }) {
  const { t } = useTranslation();
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
                <DeliveryHeadings />
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <DeliveryCells delivery={delivery} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
