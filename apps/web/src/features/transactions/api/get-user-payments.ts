import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';

/** The player's purchases; with `project`, only those of that game (a history embedded by one game). */
export const getUserPayments = (project: string | null, signal?: AbortSignal) => apiGet<TPaymentHistoryItem[]>(api.userPayments(project), signal);

export const userPaymentsQueryOptions = (project: string | null) =>
  queryOptions({
    queryKey: ['transactions', 'list', project ?? ''],
    queryFn: ({ signal }) => getUserPayments(project, signal),
  });

export const useUserPayments = (project: string | null, enabled: boolean) => useQuery({ ...userPaymentsQueryOptions(project), enabled });
