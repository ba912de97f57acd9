import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffApiKey } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** GET /api/staff/projects/{project}/api-keys: prefix and times of each key, never the key. */
export const getApiKeys = (project: string, signal?: AbortSignal) => staffData<TStaffApiKey[]>(staffApi.apiKeys(project), { signal });

export const apiKeysQueryOptions = (project: string) =>
  queryOptions({ queryKey: staffKeys.apiKeys(project), queryFn: ({ signal }) => getApiKeys(project, signal), staleTime: 0 });

export const useApiKeys = (project: string) => useQuery({ ...apiKeysQueryOptions(project), enabled: Boolean(project) });

/** POST .../api-keys/{keyId}/revoke: the game-server API refuses the key from then on. */
export const revokeApiKey = ({ project, keyId }: { project: string; keyId: string }) =>
  staffData<TStaffApiKey>(staffApi.revokeApiKey(project, keyId), { method: 'POST' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: async (_key, _error, { project }) => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.project(project) });
      await queryClient.invalidateQueries({ queryKey: staffKeys.apiKeys(project) });
    },
  });
}
