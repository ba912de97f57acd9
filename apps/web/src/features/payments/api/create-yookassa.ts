import type { TYookassaCreateAnswer } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const createYookassa = (id: string) => apiGet<TYookassaCreateAnswer>(api.paymentYookassaCreate(id));
