import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/languages';
import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { api } from '@/shared/paths';
import { transactionKeys } from './keys';

/** One purchase of the player; `result` is null when it is not theirs or does not exist. */
export const getUserPayment = (id: string, signal?: AbortSignal) =>
  apiGet<{ result: TPaymentHistoryItem | null }>(api.userPayment(id), signal).then((data) => data.result);

export const userPaymentQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: transactionKeys.one(id, language),
    queryFn: ({ signal }) => getUserPayment(id, signal),
  });

export const useUserPayment = (id: string | undefined) =>
  useQuery({ ...userPaymentQueryOptions(id ?? '', useCurrentLanguage()), enabled: Boolean(id) });
