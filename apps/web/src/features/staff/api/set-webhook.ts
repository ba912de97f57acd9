import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../staff-paths';
import { jsonInit, staffRequest } from './staff-request';
import { staffKeys } from './keys';

/** PUT /api/staff/projects/{project}/webhook -> `{ url, secret }`: the secret is made with the first URL and kept. */
export const setWebhook = ({ project, url }: { project: string; url: string }) =>
  staffRequest<{ url: string; secret: string }>(staffApi.webhook(project), jsonInit('PUT', { url }));

export function useSetWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhook,
    onSettled: (_data, _error, { project }) => queryClient.invalidateQueries({ queryKey: staffKeys.project(project) }),
  });
}

/** POST .../webhook/rotate-secret -> a new secret; the previous one signs beside it until `previousSecretExpiresAt`. */
export const rotateWebhookSecret = (project: string) =>
  staffRequest<{ url: string; secret: string; previousSecretExpiresAt: string }>(
    staffApi.webhookRotateSecret(project),
    jsonInit('POST', {}),
  );

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: (_data, _error, project) => queryClient.invalidateQueries({ queryKey: staffKeys.project(project) }),
  });
}
