import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The YooKassa widget was closed: the server re-reads the payment at YooKassa. */
export const yookassaModalClose = (id: string) => apiGet<{ status: TPaymentStatus }>(api.paymentYookassaModalClose(id));
