import { useTranslation } from 'react-i18next';
import type { TTicketPlayer } from '@portal/contracts/support';
import { usePlayerPayments } from '../api/get-player-payments';
import { formatDate, formatMoney } from '@portal/contracts/format';

const AUTH_TYPES = ['google', 'apple', 'email', 'vkontakte', 'yandex', 'telegram', 'facebook'];

/** Who wrote: id, nickname, sign-in type, and the player's recent payments. */
export function PlayerCard({ player }: { player: TTicketPlayer }) {
  const { t, i18n } = useTranslation();
  const payments = usePlayerPayments(player.kind === 'user' ? player.id : null);
  const signInType =
    player.kind === 'guest'
      ? t('staff.player.guest')
      : AUTH_TYPES.includes(player.currentAuthType)
        ? t(`header.authTypes.${player.currentAuthType}`)
        : player.currentAuthType;
  const ru = i18n.resolvedLanguage === 'ru';

  return (
    <aside className="staff-player" aria-labelledby="staff-player-title">
      <h3 id="staff-player-title">{t('staff.player.title')}</h3>
      <dl className="staff-player__facts">
        <dt>{t('staff.player.id')}</dt>
        <dd className="staff-mono">{player.id}</dd>
        {player.nickName && (
          <>
            <dt>{t('staff.player.nickName')}</dt>
            <dd>{player.nickName}</dd>
          </>
        )}
        <dt>{t('staff.player.signInType')}</dt>
        <dd>{signInType}</dd>
      </dl>
      {player.kind === 'user' && (
        <section aria-labelledby="staff-payments-title">
          <h4 id="staff-payments-title">{t('staff.player.payments')}</h4>
          {payments.isPending && <p role="status">{t('common.loading')}</p>}
          {payments.isError && (
            <p role="alert" className="staff-error">
              {t('staff.player.paymentsError')}
            </p>
          )}
          {payments.data?.length === 0 && <p className="staff-muted">{t('staff.player.noPayments')}</p>}
          {payments.data && payments.data.length > 0 && (
            <div className="staff-table-wrap">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('staff.player.status')}</th>
                    <th scope="col">{t('staff.player.item')}</th>
                    <th scope="col">{t('staff.player.amount')}</th>
                    <th scope="col">{t('staff.player.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.data.slice(0, 10).map((payment) => (
                    <tr key={payment.paymentId}>
                      <td>
                        <span className={`staff-pay staff-pay--${payment.status}`}>{t(`payment.status.${payment.status}`)}</span>
                      </td>
                      <td>{ru ? payment.titleRu : payment.titleEn}</td>
                      <td>{formatMoney(Number(payment.amount), payment.currency)}</td>
                      <td>
                        <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </aside>
  );
}
