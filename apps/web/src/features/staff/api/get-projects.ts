import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffProjectName } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

export const getStaffProjects = (signal?: AbortSignal) => staffData<TStaffProjectName[]>(staffApi.projects(), { signal });

export const staffProjectsQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.projects(), queryFn: ({ signal }) => getStaffProjects(signal), staleTime: 10 * 60_000 });

export const useStaffProjects = () => useQuery(staffProjectsQueryOptions());
