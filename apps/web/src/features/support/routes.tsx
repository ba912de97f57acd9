import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { routes } from '@/shared/paths';
import { TicketChat } from './components/ticket-chat';
import { TicketCreate } from './components/ticket-create';
import { TicketList } from './components/ticket-list';
import type { SupportNav } from './support-nav';
import { useSupportIdentity } from './use-support-identity';
import './support.css';

/** Route mode: the support screens move by URL. */
function useRouteNav(): SupportNav {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      list: () => navigate(routes.supportTickets.getHref()),
      create: (first) => navigate(routes.supportTicketCreate.getHref(first)),
      openTicket: (id) => navigate(routes.supportTicket.getHref(id)),
      listHref: () => routes.supportTickets.getHref(),
      createHref: (first) => routes.supportTicketCreate.getHref(first),
      ticketHref: (id) => routes.supportTicket.getHref(id),
    }),
    [navigate],
  );
}

/** `/support/tickets`. */
export function TicketsRoute() {
  useSupportIdentity();
  return <TicketList nav={useRouteNav()} />;
}

/** `/support/ticket/create/:first?` (first=1 marks the first ticket; also `?first=1`). */
export function TicketCreateRoute() {
  useSupportIdentity();
  const nav = useRouteNav();
  const { first } = useParams();
  const [search] = useSearchParams();
  return <TicketCreate nav={nav} first={first === '1' || search.get('first') === '1'} />;
}

/** `/support/ticket/:id?` (also `?id=`); without an id, the list. */
export function TicketRoute() {
  useSupportIdentity();
  const nav = useRouteNav();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id || search.get('id');
  if (!id) return <Navigate to={routes.supportTickets.getHref()} replace />;
  return <TicketChat key={id} id={id} nav={nav} />;
}
