import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffTicketListItem, TTicketStatus } from '@portal/contracts/support';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** Live updates come over the event stream; this slow poll is the fallback when it is down. */
export const STAFF_POLL_MS = 60_000;

export const getStaffTickets = (status: TTicketStatus, project: string, signal?: AbortSignal) =>
  staffData<TStaffTicketListItem[]>(staffApi.tickets(status, project || undefined), { signal });

export const staffTicketsQueryOptions = (status: TTicketStatus, project: string) =>
  queryOptions({
    queryKey: staffKeys.ticketList(status, project),
    queryFn: ({ signal }) => getStaffTickets(status, project, signal),
    refetchInterval: STAFF_POLL_MS,
    staleTime: 0,
  });

export const useStaffTickets = (status: TTicketStatus, project: string) => useQuery(staffTicketsQueryOptions(status, project));
