import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/languages';
import type { TPaymentProcessResponse } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { api } from '@/shared/paths';
import { paymentKeys } from './keys';

export const getPaymentProcess = (id: string, signal?: AbortSignal) => apiGet<TPaymentProcessResponse>(api.paymentProcess(id), signal);

/** Per interface language: the server names the game in it. */
export const paymentProcessQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: paymentKeys.process(id, language),
    queryFn: ({ signal }) => getPaymentProcess(id, signal),
    staleTime: 30_000,
  });

/** The screen keeps what it shows while a language change reloads it. */
export const usePaymentProcess = (id: string) =>
  useQuery({ ...paymentProcessQueryOptions(id, useCurrentLanguage()), enabled: id !== '', placeholderData: keepPreviousData });
