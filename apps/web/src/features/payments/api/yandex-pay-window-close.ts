import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

/**
 * The Yandex Pay window was closed (or the player cancelled in the popup): the server re-reads
 * the order and cancels a payment still unpaid there.
 */
export const yandexPayWindowClose = (paymentId: string) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentYandexPayWindowClose(), { paymentId });
