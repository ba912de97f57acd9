import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffProjectSettings } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

export const getProjectSettings = (project: string, signal?: AbortSignal) =>
  staffData<TStaffProjectSettings>(staffApi.project(project), { signal });

export const projectSettingsQueryOptions = (project: string) =>
  queryOptions({ queryKey: staffKeys.project(project), queryFn: ({ signal }) => getProjectSettings(project, signal), staleTime: 0 });

export const useProjectSettings = (project: string) => useQuery({ ...projectSettingsQueryOptions(project), enabled: Boolean(project) });
