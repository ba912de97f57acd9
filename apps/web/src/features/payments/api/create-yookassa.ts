import type { TYookassaCreateAnswer } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { paymentApi } from './endpoints';

export const createYookassa = (id: string) => apiGet<TYookassaCreateAnswer>(paymentApi.yookassaCreate(id));
