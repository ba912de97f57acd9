import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import { jsonInit, staffRequest } from './staff-request';
import { staffKeys } from './keys';

/** PUT /api/staff/projects/{project}/webhook -> `{ url, secret }`: the secret is shown once. */
export const setWebhook = ({ project, url }: { project: string; url: string }) =>
  staffRequest<{ url: string; secret: string }>(staffApi.webhook(project), jsonInit('PUT', { url }));

export function useSetWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhook,
    onSettled: (_data, _error, { project }) => queryClient.invalidateQueries({ queryKey: staffKeys.project(project) }),
  });
}
