import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRevenueQuery, TRevenueReport } from '@portal/contracts/money-console';
import { staffData } from '../../api/staff-request';
import { staffApi } from '../../staff-paths';
import { toQueryString } from '../search-params';
import { downloadStaffCsv } from './download-csv';
import { moneyKeys } from './keys';

/** GET /api/staff/money/revenue: paid revenue per UTC day, project and currency, with totals. */
export const getRevenue = (query: TRevenueQuery, signal?: AbortSignal) =>
  staffData<TRevenueReport>(staffApi.revenue(toQueryString(query)), { signal });

export const useRevenue = (query: TRevenueQuery, enabled = true) =>
  useQuery({
    queryKey: moneyKeys.revenue(query),
    queryFn: ({ signal }) => getRevenue(query, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/staff/money/revenue.csv, saved under the server's file name. */
export const downloadRevenueCsv = (query: TRevenueQuery): Promise<void> =>
  downloadStaffCsv(
    staffApi.revenueCsv(toQueryString(query)),
    `revenue-${query.from}-${query.to}${query.mode === 'test' ? '-test' : ''}.csv`,
  );
