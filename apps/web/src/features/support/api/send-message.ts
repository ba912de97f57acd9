import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSendMessageData, TSendMessageResponse } from '@portal/contracts/support';
import { api } from '@/shared/paths';
import { ticketKeys } from './keys';
import { postMultipart, supportFormData, type Attachments, type UploadProgress } from './upload';

export interface SendMessageInput extends Attachments {
  ticketId: string;
  text: string;
  onProgress?: UploadProgress;
}

/** POST /support/send-message (multipart with data JSON of ticketId and text; answers result). */
export const sendMessage = ({ ticketId, text, image, video, onProgress }: SendMessageInput) =>
  postMultipart<TSendMessageResponse>(
    api.supportSendMessage(),
    supportFormData({ ticketId, text } satisfies Partial<TSendMessageData>, { image, video }),
    onProgress,
  );

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.one(input.ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
      ]),
  });
}
