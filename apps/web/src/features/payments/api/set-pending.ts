import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The provider's widget reported success: the payment is pending until the provider confirms. */
export const setPending = (id: string) => apiGet<{ status: TPaymentStatus }>(api.paymentSetPending(id));
