import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const updateReceiptMail = (email: string) => apiPost<{ result: boolean }>(api.paymentUpdateReceiptMail(), { email });
