import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { paymentApi } from './endpoints';

export const cancelStripe = (paymentId: string, stripePaymentId: string) =>
  apiPost<{ status: TPaymentStatus }>(paymentApi.stripeCancel(), { paymentId, stripePaymentId });
