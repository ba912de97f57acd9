import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TTicketStatus } from '@portal/contracts/support';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useStaffProjects } from '../api/get-projects';
import { useStaffTickets } from '../api/get-tickets';
import { staffPaths } from '../staff-paths';
import { formatDateTime } from '@portal/contracts/format';
import { TicketView } from './ticket-view';

/** The inbox: open/closed tabs, a project filter, unread first (the server's order), and the open ticket. */
export function InboxPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const status: TTicketStatus = search.get('status') === 'closed' ? 'closed' : 'open';
  const project = search.get('project') ?? '';
  const projects = useStaffProjects();
  const tickets = useStaffTickets(status, project);
  const filterId = useId();
  // Unread messages of this view in the tab title, for a console left in a background tab.
  const unread = tickets.data?.reduce((sum, ticket) => sum + ticket.unreadMessageCount, 0) ?? 0;
  usePageMeta({ title: `${unread > 0 ? `(${unread}) ` : ''}${t('staff.inbox.title')} · ${t('staff.title')}` });

  const setFilter = (key: 'status' | 'project', value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value && !(key === 'status' && value === 'open')) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const query = search.toString() ? `?${search.toString()}` : '';

  return (
    <div className={`staff-inbox${id ? ' staff-inbox--ticket' : ''}`}>
      <section className="staff-inbox__list" aria-labelledby="staff-inbox-title">
        <h1 id="staff-inbox-title">{t('staff.inbox.title')}</h1>
        <div className="staff-inbox__filters">
          <div role="tablist" aria-label={t('staff.inbox.statusFilter')} className="staff-tabs">
            {(['open', 'closed'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={status === value}
                aria-controls="staff-ticket-list"
                tabIndex={status === value ? 0 : -1}
                className="staff-tab"
                onClick={() => setFilter('status', value)}
                onKeyDown={(event) => {
                  // The tab pattern: arrows move between the two tabs.
                  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                  event.preventDefault();
                  const next = value === 'open' ? 'closed' : 'open';
                  setFilter('status', next);
                  (event.currentTarget.parentElement?.querySelector(`[data-status="${next}"]`) as HTMLElement | null)?.focus();
                }}
                data-status={value}
              >
                {t(`staff.inbox.${value}`)}
              </button>
            ))}
          </div>
          <label htmlFor={filterId} className="staff-inline-label">
            {t('staff.inbox.project')}
          </label>
          <select id={filterId} value={project} onChange={(event) => setFilter('project', event.target.value)}>
            <option value="">{t('staff.inbox.allProjects')}</option>
            {(projects.data ?? []).map(({ name }) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div id="staff-ticket-list" role="tabpanel" aria-label={t(`staff.inbox.${status}`)} aria-busy={tickets.isFetching}>
          {tickets.isPending && <p role="status">{t('common.loading')}</p>}
          {tickets.isError && (
            <p role="alert" className="staff-error">
              {t('staff.inbox.loadError')}
            </p>
          )}
          {tickets.data?.length === 0 && <p className="staff-muted">{t('staff.inbox.empty')}</p>}
          {tickets.data && tickets.data.length > 0 && (
            <ul className="staff-ticket-list" aria-label={t('staff.inbox.tickets')}>
              {tickets.data.map((ticket) => (
                <li key={ticket.id}>
                  <Link
                    to={`${staffPaths.ticket(ticket.id)}${query}`}
                    className={`staff-ticket-row${ticket.unreadMessageCount > 0 ? ' staff-ticket-row--unread' : ''}`}
                    aria-current={ticket.id === id ? 'page' : undefined}
                  >
                    <span className="staff-ticket-row__title">{ticket.title}</span>
                    {ticket.unreadMessageCount > 0 && (
                      <span className="staff-badge">{t('staff.inbox.unread', { count: ticket.unreadMessageCount })}</span>
                    )}
                    <span className="staff-ticket-row__meta">
                      <span>{ticket.project}</span>
                      <span>
                        {t(ticket.player.kind === 'guest' ? 'staff.inbox.guestPlayer' : 'staff.inbox.player', { id: ticket.player.id })}
                      </span>
                      <time dateTime={ticket.lastMessageTs}>{formatDateTime(ticket.lastMessageTs)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="staff-inbox__ticket" aria-label={t('staff.ticket.label')}>
        {id ? (
          <>
            <Link to={`${staffPaths.inbox()}${query}`} className="staff-back">
              {t('staff.ticket.back')}
            </Link>
            <TicketView key={id} id={id} />
          </>
        ) : (
          <p className="staff-muted staff-inbox__choose">{t('staff.inbox.choose')}</p>
        )}
      </section>
    </div>
  );
}
