import { apiGet } from '@/shared/api/client';
import { transactionsApi } from './endpoints';

/** The receipt's link, or "" while the server is still making it (spec: receipt state). */
export const getReceiptLink = (paymentId: string) => apiGet<{ result: string }>(transactionsApi.receiptLink(paymentId)).then((data) => data.result);
