import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import { staffRequest } from './staff-request';
import { staffKeys } from './keys';

/** POST /api/staff/projects/{project}/api-keys -> `{ key }`, shown once. */
export const createApiKey = async (project: string): Promise<string> =>
  (await staffRequest<{ key: string }>(staffApi.apiKeys(project), { method: 'POST' })).key;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: (_key, _error, project) => queryClient.invalidateQueries({ queryKey: staffKeys.project(project) }),
  });
}
