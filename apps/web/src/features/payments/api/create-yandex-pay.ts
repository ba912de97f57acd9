import type { TYandexPayCreateAnswer } from '@portal/contracts/payments';
import { apiPost } from '@/shared/api/client';
import { paymentApi } from './endpoints';

export const createYandexPay = (paymentId: string) => apiPost<TYandexPayCreateAnswer>(paymentApi.yandexPayCreate(), { paymentId });
