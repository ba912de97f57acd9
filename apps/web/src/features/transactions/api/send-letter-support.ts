import { useMutation } from '@tanstack/react-query';
import type { TPaymentHelpLetter } from '@portal/contracts/payment-help';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** POST /payments/send-letter-support `{ data: {...} }`: reads `data.result`. */
export const sendLetterSupport = (letter: TPaymentHelpLetter) =>
  apiPost<{ result: boolean }>(api.sendLetterSupport(), { data: letter }).then((data) => data.result);

export const useSendLetterSupport = () => useMutation({ mutationFn: sendLetterSupport });
