import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPriceItem } from '@portal/contracts/control';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { priceKeys } from './keys';

export const getPrices = (project: string, signal?: AbortSignal) => apiGet<TPriceItem[]>(api.prices(project), signal);

export const pricesQueryOptions = (project: string) =>
  queryOptions({
    queryKey: priceKeys.list(project),
    queryFn: ({ signal }) => getPrices(project, signal),
    meta: { errorToast: 'GET_PRICES_CONTROL_ERROR' },
  });

export const usePrices = (project: string | undefined) => useQuery({ ...pricesQueryOptions(project ?? ''), enabled: Boolean(project) });
