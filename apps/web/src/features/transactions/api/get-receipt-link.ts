import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The receipt's link, or "" while the server is still making it. */
export const getReceiptLink = (paymentId: string) => apiGet<{ result: string }>(api.receiptLink(paymentId)).then((data) => data.result);
