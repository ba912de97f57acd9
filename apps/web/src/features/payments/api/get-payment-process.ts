import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentProcessResponse } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const getPaymentProcess = (id: string, signal?: AbortSignal) => apiGet<TPaymentProcessResponse>(api.paymentProcess(id), signal);

export const paymentProcessQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['payments', 'process', id], queryFn: ({ signal }) => getPaymentProcess(id, signal), staleTime: 30_000 });

export const usePaymentProcess = (id: string) => useQuery({ ...paymentProcessQueryOptions(id), enabled: id !== '' });
