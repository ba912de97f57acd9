import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TICKET_CLOSED_MESSAGE } from '@portal/contracts/support-constants';
import { ApiError } from '@/shared/api/client';
import { supportKeys } from '@/shared/api/query-keys';
import { useSupportEvents } from '@/shared/api/support-events';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useTicket } from '../api/get-ticket';
import { ticketKeys } from '../api/keys';
import { useSendMessage } from '../api/send-message';
import { formatDate } from '@portal/contracts/format';
import { NavAction, type SupportNav } from '../support-nav';
import { MessageComposer } from './message-composer';
import { MessageItem } from './message-item';

const isTicketClosed = (error: unknown) =>
  error instanceof ApiError && (error.code === 'TICKET_CLOSED' || error.message === TICKET_CLOSED_MESSAGE);

/**
 * `/support/ticket/:id?` (or ?id=): the conversation, polled every 60 s and pushed live over
 * the support event stream. Opening it marks the ticket read (the server does on get-ticket).
 */
export function TicketChat({ id, nav }: { id: string; nav: SupportNav }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ticket = useTicket(id);
  const endRef = useRef<HTMLDivElement>(null);
  usePageMeta({ title: `${ticket.data?.title ?? t('support.ticketTitle')} · ${t('header.portalName')}` });

  // Every answer of get-ticket marked its messages read: the unread mark and the list follow.
  useEffect(() => {
    if (!ticket.dataUpdatedAt) return;
    void queryClient.invalidateQueries({ queryKey: supportKeys.unreadCount() });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.list() });
  }, [ticket.dataUpdatedAt, queryClient]);

  useSupportEvents((event) => {
    if ((event.type === 'message' || event.type === 'ticketStatus') && event.ticketId === id) {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.one(id) });
    }
  });

  const messageCount = ticket.data?.messages.length ?? 0;
  useEffect(() => {
    if (messageCount > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount]);

  if (ticket.isPending) return <FullScreenLoader />;

  if (ticket.isError) {
    return (
      <section className="support support-chat">
        <div className="support__top">
          <h1>{t('support.ticketTitle')}</h1>
          <NavAction className="support__back" href={nav.listHref?.()} onClick={nav.list}>
            {t('support.backToTickets')}
          </NavAction>
        </div>
        <div className="support__stub">
          <p role="alert">
            {ticket.error instanceof ApiError && (ticket.error.isNotFound || ticket.error.status === 400)
              ? t('support.ticketNotFound')
              : t('errors.GET_TICKET_ERROR')}
          </p>
          <button type="button" className="support__secondary" onClick={() => void ticket.refetch()}>
            {t('support.retry')}
          </button>
        </div>
      </section>
    );
  }

  const closed = ticket.data.status === 'closed';
  return (
    <section className="support support-chat" aria-labelledby="support-chat-title">
      <div className="support__top">
        <div>
          <h1 id="support-chat-title">{ticket.data.title}</h1>
          <p className="support-chat__sub">
            <time dateTime={ticket.data.createTs}>{formatDate(ticket.data.createTs)}</time>
            {' · '}
            <span>{closed ? t('support.statusClosed') : t('support.statusOpen')}</span>
          </p>
        </div>
        <NavAction className="support__back" href={nav.listHref?.()} onClick={nav.list}>
          {t('support.backToTickets')}
        </NavAction>
      </div>
      <div role="log" aria-live="polite" aria-label={t('support.conversation')}>
        <ol className="support-chat__messages">
          {ticket.data.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      </div>
      <div ref={endRef} />
      {closed ? (
        <p className="support-chat__ended" role="status">
          {t('support.conversationEnded')}
        </p>
      ) : (
        <ReplyForm ticketId={id} onClosed={() => void ticket.refetch()} />
      )}
    </section>
  );
}

/** The reply: rich text and optional image and video, like the ticket itself. */
function ReplyForm({ ticketId, onClosed }: { ticketId: string; onClosed: () => void }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  return (
    <MessageComposer
      className="support-chat__reply"
      label={t('support.replyLabel')}
      submitLabel={t('support.send')}
      pending={send.isPending}
      filesAlone
      failureCode="SEND_MESSAGE_ERROR"
      onRefused={(error) => {
        // A send refused with TICKET_CLOSED reloads the ticket (now read-only).
        if (!isTicketClosed(error)) return false;
        onClosed();
        return true;
      }}
      send={(draft, callbacks) => send.mutate({ ...draft, ticketId }, callbacks)}
    />
  );
}
