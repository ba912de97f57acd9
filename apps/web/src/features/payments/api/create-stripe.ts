import type { TStripeCreateAnswer } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { paymentApi } from './endpoints';

export const createStripe = (id: string) => apiGet<TStripeCreateAnswer>(paymentApi.stripeCreate(id));
