import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/languages';
import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { api } from '@/shared/paths';
import { transactionKeys } from './keys';

/** The player's purchases; with `project`, only those of that game (a history embedded by one game). */
export const getUserPayments = (project: string | null, signal?: AbortSignal) =>
  apiGet<TPaymentHistoryItem[]>(api.userPayments(project), signal);

/** Per interface language too: titles and game names come in it. */
export const userPaymentsQueryOptions = (project: string | null, language: Language) =>
  queryOptions({
    queryKey: transactionKeys.list(project ?? '', language),
    queryFn: ({ signal }) => getUserPayments(project, signal),
  });

export const useUserPayments = (project: string | null, enabled: boolean) =>
  useQuery({ ...userPaymentsQueryOptions(project, useCurrentLanguage()), enabled });
