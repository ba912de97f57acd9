import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetTicketsResponse } from '@portal/contracts/support';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { ticketKeys } from './keys';

/** The ticket list and a ticket are polled every 60 s (SSE pushes in between). */
export const SUPPORT_POLL_MS = 60_000;

export const getTickets = (signal?: AbortSignal) => apiGet<TGetTicketsResponse>(api.supportTickets(), signal);

export const ticketsQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal }) => getTickets(signal),
    refetchInterval: SUPPORT_POLL_MS,
    staleTime: 0,
    meta: { errorToast: 'GET_TICKETS_ERROR' },
  });

export const useTickets = () => useQuery(ticketsQueryOptions());
