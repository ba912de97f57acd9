import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTicketData, TCreateTicketResponse } from '@portal/contracts/support';
import { api } from '@/shared/paths';
import { ticketKeys } from './keys';
import { postMultipart, supportFormData, type Attachments, type UploadProgress } from './upload';

export interface CreateTicketInput extends Attachments {
  title: string;
  text: string;
  onProgress?: UploadProgress;
}

/** POST /support/create-ticket (multipart; answers the new ticket's id). */
export const createTicket = ({ title, text, image, video, onProgress }: CreateTicketInput) =>
  postMultipart<TCreateTicketResponse>(
    api.supportCreateTicket(),
    supportFormData({ title, text } satisfies Partial<TCreateTicketData>, { image, video }),
    onProgress,
  );

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
  });
}
