import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

export const getUserPayments = (signal?: AbortSignal) => apiGet<TPaymentHistoryItem[]>(api.userPayments(), signal);

export const userPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['transactions', 'list'],
    queryFn: ({ signal }) => getUserPayments(signal),
  });

export const useUserPayments = (enabled: boolean) => useQuery({ ...userPaymentsQueryOptions(), enabled });
