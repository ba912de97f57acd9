import { useQuery } from '@tanstack/react-query';
import type { TLaunchChecklist } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** GET /api/staff/projects/{project}/checklist: what the project lacks before it goes live. */
export const getLaunchChecklist = (project: string, signal?: AbortSignal) =>
  staffData<TLaunchChecklist>(staffApi.checklist(project), { signal });

export const useLaunchChecklist = (project: string) =>
  useQuery({
    queryKey: staffKeys.checklist(project),
    queryFn: ({ signal }) => getLaunchChecklist(project, signal),
    staleTime: 0,
    enabled: Boolean(project),
  });
