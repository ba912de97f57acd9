import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffPayment } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffRequest } from './staff-request';
import { staffKeys } from './keys';

/** GET /api/staff/payments?userId= answers the list itself, newest first. */
export const getPlayerPayments = (userId: string, signal?: AbortSignal) =>
  staffRequest<TStaffPayment[]>(staffApi.playerPayments(userId), { signal });

export const playerPaymentsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: staffKeys.payments(userId), queryFn: ({ signal }) => getPlayerPayments(userId, signal), staleTime: 30_000 });

export const usePlayerPayments = (userId: string | null) =>
  useQuery({ ...playerPaymentsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
