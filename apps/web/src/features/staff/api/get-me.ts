import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffMe } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

export const getStaffMe = (signal?: AbortSignal) => staffData<TStaffMe>(staffApi.me(), { signal });

export const staffMeQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.me(), queryFn: ({ signal }) => getStaffMe(signal), staleTime: 5 * 60_000 });

export const useStaffMe = (enabled: boolean) => useQuery({ ...staffMeQueryOptions(), enabled });
