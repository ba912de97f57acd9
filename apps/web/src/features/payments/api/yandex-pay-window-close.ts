import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/**
 * The Yandex Pay window looks closed: the server re-reads the order and cancels nothing (a page
 * framed by another site may read an open window as closed; a late payment in it still counts).
 */
export const yandexPayWindowClose = (paymentId: string) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentYandexPayWindowClose(), { paymentId });

/** The player cancelled the Yandex Pay payment (confirmed): the server voids the order and cancels what is unpaid. */
export const yandexPayCancel = (paymentId: string) => apiPost<{ status: TPaymentStatus }>(api.paymentYandexPayCancel(), { paymentId });
