import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEADERS } from '@portal/contracts/http';
import type { TRevenueQuery, TRevenueReport } from '@portal/contracts/money-console';
import { ApiError } from '@/shared/api/client';
import { staffData } from '../../api/staff-request';
import { setStaffToken, staffToken } from '../../api/staff-session';
import { staffApi } from '../../staff-paths';
import { toQueryString } from '../search-params';
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

/**
 * GET /api/staff/money/revenue.csv with the staff token in its header (a plain link could not
 * carry it), saved under the server's file name through a Blob URL.
 */
export async function downloadRevenueCsv(query: TRevenueQuery): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = staffToken();
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  const response = await fetch(staffApi.revenueCsv(toQueryString(query)), { headers });
  if (!response.ok) {
    if (response.status === 401 && token) setStaffToken(null);
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(body.code ?? 'HTTP_ERROR', body.message ?? `HTTP ${response.status}`, response.status, body);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `revenue-${query.from}-${query.to}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
