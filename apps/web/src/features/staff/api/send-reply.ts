import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTicketMessage } from '@portal/contracts/support';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

export interface StaffReply {
  ticketId: string;
  text: string;
  image?: File | null;
  video?: File | null;
}

/** Multipart like a player's message: `data` JSON `{ text }` and optional image and video. */
export function sendStaffReply({ ticketId, text, image, video }: StaffReply): Promise<TTicketMessage> {
  const form = new FormData();
  form.append('data', JSON.stringify({ text }));
  if (image) form.append('image', image, image.name);
  if (video) form.append('video', video, video.name);
  return staffData<TTicketMessage>(staffApi.reply(ticketId), { method: 'POST', body: form });
}

export function useSendStaffReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStaffReply,
    onSettled: (_data, _error, { ticketId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.ticket(ticketId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.tickets() }),
      ]),
  });
}
