import type { TRevenueQuery } from '@portal/contracts/money-console';
import type { TPaymentsApiQuery } from '../search-params';

/** Query keys of the money pages, under the console's `staff` root (sign-out removes them). */
export const moneyKeys = {
  all: ['staff', 'money'] as const,
  payments: (query: TPaymentsApiQuery) => ['staff', 'money', 'payments', query] as const,
  payment: (id: string) => ['staff', 'money', 'payment', id] as const,
  revenue: (query: TRevenueQuery) => ['staff', 'money', 'revenue', query] as const,
};
