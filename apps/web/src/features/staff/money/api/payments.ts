import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMoneyPaymentDetail, TMoneyPaymentsPage } from '@portal/contracts/money-console';
import { staffData } from '../../api/staff-request';
import { staffApi } from '../../staff-paths';
import { toQueryString, type TPaymentsApiQuery } from '../search-params';
import { moneyKeys } from './keys';

/** GET /api/staff/money/payments: one page of the search, sorted on the server. */
export const getMoneyPayments = (query: TPaymentsApiQuery, signal?: AbortSignal) =>
  staffData<TMoneyPaymentsPage>(staffApi.moneyPayments(toQueryString(query)), { signal });

export const moneyPaymentsQueryOptions = (query: TPaymentsApiQuery) =>
  queryOptions({
    queryKey: moneyKeys.payments(query),
    queryFn: ({ signal }) => getMoneyPayments(query, signal),
    staleTime: 30_000,
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMoneyPayments = (query: TPaymentsApiQuery) => useQuery(moneyPaymentsQueryOptions(query));

/** GET /api/staff/money/payments/{id}: the payment with its provider attempts and events. */
export const getMoneyPayment = (id: string, signal?: AbortSignal) => staffData<TMoneyPaymentDetail>(staffApi.moneyPayment(id), { signal });

export const useMoneyPayment = (id: string) =>
  useQuery({ queryKey: moneyKeys.payment(id), queryFn: ({ signal }) => getMoneyPayment(id, signal), staleTime: 30_000 });
