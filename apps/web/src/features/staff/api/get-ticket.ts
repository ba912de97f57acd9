import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffTicket, TStaffTicketListItem } from '@portal/contracts/support';
import { staffApi } from '../staff-paths';
import { STAFF_POLL_MS } from './get-tickets';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** Reading a ticket marks the player's messages read for staff (the server does it). */
export const getStaffTicket = (id: string, signal?: AbortSignal) => staffData<TStaffTicket>(staffApi.ticket(id), { signal });

export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffKeys.ticket(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
    refetchInterval: STAFF_POLL_MS,
    staleTime: 0,
  });

/** The ticket; each read also clears its unread count in the cached inbox lists. */
export function useStaffTicket(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(staffTicketQueryOptions(id));
  const readAt = query.isSuccess ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (!readAt) return;
    queryClient.setQueriesData<TStaffTicketListItem[]>({ queryKey: staffKeys.tickets() }, (list) =>
      list?.map((item) => (item.id === id && item.unreadMessageCount > 0 ? { ...item, unreadMessageCount: 0 } : item)),
    );
  }, [queryClient, id, readAt]);
  return query;
}
