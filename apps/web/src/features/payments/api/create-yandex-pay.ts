import type { TYandexPayCreateAnswer } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const createYandexPay = (paymentId: string) => apiPost<TYandexPayCreateAnswer>(api.paymentYandexPayCreate(), { paymentId });
