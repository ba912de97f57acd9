import type { TPaymentStatus } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const cancelStripe = (paymentId: string, stripePaymentId: string) =>
  apiPost<{ status: TPaymentStatus }>(api.paymentStripeCancel(), { paymentId, stripePaymentId });
