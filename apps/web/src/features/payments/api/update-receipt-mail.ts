import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/shared/api/client';
import { paymentApi } from './endpoints';

export const updateReceiptMail = (email: string) => apiPost<{ result: boolean }>(paymentApi.updateReceiptMail(), { email });

export const useUpdateReceiptMail = () => useMutation({ mutationFn: updateReceiptMail });
