import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import type { TApiKeyMode } from '@portal/contracts/payments-constants';
import { jsonInit, staffRequest } from './staff-request';
import { staffKeys } from './keys';

/** POST /api/staff/projects/{project}/api-keys `{ mode }` -> `{ key, mode }`, shown once. */
export const createApiKey = async ({ project, mode }: { project: string; mode: TApiKeyMode }): Promise<string> =>
  (await staffRequest<{ key: string }>(staffApi.apiKeys(project), jsonInit('POST', { mode }))).key;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: (_key, _error, { project }) => queryClient.invalidateQueries({ queryKey: staffKeys.project(project) }),
  });
}
