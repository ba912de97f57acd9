import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMoneyPaymentDetail, TMoneyPaymentsPage, TRefundCreateRequest } from '@portal/contracts/money-console';
import type { TPaymentRefund } from '@portal/contracts/payments';
import { jsonInit, staffData } from '../../api/staff-request';
import { staffApi } from '../../staff-paths';
import { toQueryString, type TPaymentsApiQuery } from '../search-params';
import { downloadStaffCsv } from './download-csv';
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

/** GET /api/staff/money/payments.csv: every payment of the search (no pages), saved as a file. */
export const downloadPaymentsCsv = (query: TPaymentsApiQuery): Promise<void> => {
  const { page: _page, pageSize: _pageSize, ...search } = query;
  return downloadStaffCsv(staffApi.moneyPaymentsCsv(toQueryString(search)), 'payments.csv');
};

/** POST /api/staff/money/payments/{id}/refunds: a refund through the payment's provider. */
export const createRefund = ({ paymentId, ...body }: { paymentId: string } & TRefundCreateRequest) =>
  staffData<TPaymentRefund>(staffApi.refunds(paymentId), jsonInit('POST', body));

export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    // The payment, the searches and revenue all show refunds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
