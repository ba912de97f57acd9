import { useTranslation } from 'react-i18next';
import { files } from '@/shared/paths';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useTickets } from '../api/get-tickets';
import { formatDate } from '@portal/contracts/format';
import { NavAction, type SupportNav } from '../support-nav';

/** `/support/tickets` (My Tickets): title, date and unread count of each ticket; create button. */
export function TicketList({ nav }: { nav: SupportNav }) {
  const { t } = useTranslation();
  const tickets = useTickets();
  usePageMeta({ title: `${t('support.ticketsTitle')} · ${t('header.portalName')}` });

  return (
    <section className="support support-list" aria-labelledby="support-list-title">
      <div className="support__top">
        <h1 id="support-list-title">{t('support.ticketsTitle')}</h1>
        {tickets.data && tickets.data.length > 0 ? (
          <NavAction className="support__primary" href={nav.createHref?.(false)} onClick={() => nav.create(false)}>
            {t('support.createButton')}
          </NavAction>
        ) : null}
      </div>
      {tickets.isPending ? (
        <FullScreenLoader />
      ) : tickets.isError ? (
        <div className="support__stub">
          <p role="alert">{t('errors.GET_TICKETS_ERROR')}</p>
          <button type="button" className="support__secondary" onClick={() => void tickets.refetch()}>
            {t('support.retry')}
          </button>
        </div>
      ) : tickets.data.length === 0 ? (
        <div className="support__stub">
          <img src={files.mainImage('support')} alt="" width={160} height={160} />
          <p>{t('support.emptyList')}</p>
          <NavAction className="support__primary" href={nav.createHref?.(true)} onClick={() => nav.create(true)}>
            {t('support.createFirst')}
          </NavAction>
        </div>
      ) : (
        <ul className="support-list__items">
          {tickets.data.map((ticket) => (
            <li key={ticket.id}>
              <NavAction
                className={`support-list__item${ticket.unreadMessageCount > 0 ? ' support-list__item--unread' : ''}`}
                href={nav.ticketHref?.(ticket.id)}
                onClick={() => nav.openTicket(ticket.id)}
              >
                <span className="support-list__title">{ticket.title}</span>
                <time className="support-list__date" dateTime={ticket.createTs}>
                  {formatDate(ticket.createTs)}
                </time>
                {ticket.unreadMessageCount > 0 ? (
                  <span className="support-list__badge">
                    {ticket.unreadMessageCount}
                    <span className="visually-hidden"> {t('support.unreadMessages', { count: ticket.unreadMessageCount })}</span>
                  </span>
                ) : null}
              </NavAction>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
