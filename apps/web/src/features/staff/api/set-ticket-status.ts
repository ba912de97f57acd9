import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

export type TicketAction = 'close' | 'reopen';

export const setTicketStatus = ({ ticketId, action }: { ticketId: string; action: TicketAction }) =>
  staffData<{ id: string; status: 'open' | 'closed' }>(staffApi.ticketAction(ticketId, action), { method: 'POST' });

export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketStatus,
    onSettled: (_data, _error, { ticketId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.ticket(ticketId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.tickets() }),
      ]),
  });
}
