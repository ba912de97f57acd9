import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINAL_PAYMENT_STATUSES, type TPaymentStatus } from '@portal/contracts/payments-constants';
import type { TPaymentGetResponse } from '@portal/contracts/payments';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { paymentKeys } from './keys';

/** The payment state is polled every 2000 ms while the popup waits. */
export const PAYMENT_POLL_MS = 2000;

export const isFinalStatus = (status: TPaymentStatus | undefined) =>
  status !== undefined && (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);

export const getPayment = (id: string, signal?: AbortSignal) => apiGet<TPaymentGetResponse>(api.paymentGet(id), signal);

export const paymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.one(id), queryFn: ({ signal }) => getPayment(id, signal) });

/** The payment's status; with `poll`, refetched every 2 s until it is pending no more. */
export const usePayment = (id: string, { poll = false }: { poll?: boolean } = {}) =>
  useQuery({
    ...paymentQueryOptions(id),
    enabled: id !== '',
    refetchInterval: (query) => (poll && query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
