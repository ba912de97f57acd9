import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffTicket } from '@portal/contracts/support';
import { staffApi } from '../staff-paths';
import { STAFF_POLL_MS } from './get-tickets';
import { staffData, staffKeys } from './staff-request';

/** Reading a ticket marks the player's messages read for staff (the server does it). */
export const getStaffTicket = (id: string, signal?: AbortSignal) => staffData<TStaffTicket>(staffApi.ticket(id), { signal });

export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffKeys.ticket(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
    refetchInterval: STAFF_POLL_MS,
    staleTime: 0,
  });

export const useStaffTicket = (id: string) => useQuery(staffTicketQueryOptions(id));
