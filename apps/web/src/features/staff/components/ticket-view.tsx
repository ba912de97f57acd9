import { useTranslation } from 'react-i18next';
import type { TTicketMessage } from '@portal/contracts/support';
import { RichText } from '@/shared/rich-text/rich-text';
import { useHeldLink } from '@/shared/hooks/use-held-link';
import { useStaffTicket } from '../api/get-ticket';
import { useSetTicketStatus } from '../api/set-ticket-status';
import { formatDateTime } from '@portal/contracts/format';
import { PlayerCard } from './player-card';
import { ReplyForm } from './reply-form';

const authorOf = (message: TTicketMessage) => (message.isAutomated ? 'system' : message.isUserMsg ? 'user' : 'staff');

/** One ticket: the conversation, the player, reply, close and reopen. */
export function TicketView({ id }: { id: string }) {
  const { t } = useTranslation();
  const ticket = useStaffTicket(id);
  const setStatus = useSetTicketStatus();

  if (ticket.isPending) return <p role="status">{t('common.loading')}</p>;
  if (ticket.isError)
    return (
      <p role="alert" className="staff-error">
        {t(ticket.error && 'status' in ticket.error && ticket.error.status === 404 ? 'staff.ticket.notFound' : 'staff.ticket.loadError')}
      </p>
    );
  const { data } = ticket;
  const closed = data.status === 'closed';

  return (
    <article className="staff-ticket" aria-labelledby="staff-ticket-title">
      <header className="staff-ticket__header">
        <h2 id="staff-ticket-title">{data.title}</h2>
        <span className={`staff-status staff-status--${data.status}`}>{t(`staff.ticket.status.${data.status}`)}</span>
        <span className="staff-muted">{data.project}</span>
        <button
          type="button"
          className="staff-button"
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ ticketId: id, action: closed ? 'reopen' : 'close' })}
        >
          {t(closed ? 'staff.ticket.reopen' : 'staff.ticket.close')}
        </button>
      </header>
      {setStatus.isError && (
        <p role="alert" className="staff-error">
          {t('staff.ticket.statusError')}
        </p>
      )}
      <div className="staff-ticket__body">
        <section className="staff-conversation" aria-labelledby="staff-conversation-title">
          <h3 id="staff-conversation-title">{t('staff.ticket.conversation')}</h3>
          <ol className="staff-messages">
            {data.messages.map((message) => {
              const author = authorOf(message);
              return (
                <li key={message.id} className={`staff-message staff-message--${author}`} aria-label={t(`staff.ticket.from.${author}`)}>
                  <div className="staff-message__head">
                    <span className="staff-message__author">{t(`staff.ticket.from.${author}`)}</span>
                    <time dateTime={message.createTs}>{formatDateTime(message.createTs)}</time>
                  </div>
                  {message.text && <RichText html={message.text} />}
                  <MessageMedia message={message} />
                </li>
              );
            })}
          </ol>
          {closed ? (
            <p className="staff-note" role="note">
              {t('staff.ticket.closedNote')}
            </p>
          ) : (
            <ReplyForm ticketId={id} />
          )}
        </section>
        <PlayerCard player={data.player} />
      </div>
    </article>
  );
}

/**
 * A message's image and video. The polls bring fresh signed links (every 10 minutes); the
 * elements keep their first link until it fails, so a playing video does not start over.
 */
function MessageMedia({ message }: { message: TTicketMessage }) {
  const { t } = useTranslation();
  const image = useHeldLink(message.image?.path ?? '');
  const video = useHeldLink(message.video?.path ?? '');
  return (
    <>
      {message.image && (
        <a href={message.image.path} target="_blank" rel="noreferrer" className="staff-message__media">
          <img src={image.src} alt={t('staff.ticket.imageAlt')} loading="lazy" onError={() => image.retry()} />
        </a>
      )}
      {message.video && (
        <video
          src={video.src}
          controls
          preload="metadata"
          className="staff-message__media"
          aria-label={t('staff.ticket.videoAlt')}
          onError={() => video.retry()}
        />
      )}
    </>
  );
}
