import type { TStripeCreateAnswer } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const createStripe = (id: string) => apiGet<TStripeCreateAnswer>(api.paymentStripeCreate(id));
