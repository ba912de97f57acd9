import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTicket } from '@portal/contracts/support';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { SUPPORT_POLL_MS } from './get-tickets';
import { ticketKeys } from './keys';

/** GET /support/get-ticket?id= — the server marks the ticket's messages read when it answers. */
export const getTicket = (id: string, signal?: AbortSignal) => apiGet<TTicket>(api.supportTicket(id), signal);

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    refetchInterval: SUPPORT_POLL_MS,
    staleTime: 0,
    meta: { errorToast: 'GET_TICKET_ERROR' },
  });

export const useTicket = (id: string) => useQuery(ticketQueryOptions(id));
