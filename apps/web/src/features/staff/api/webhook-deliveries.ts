import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@portal/contracts/staff';
import { staffApi } from '../staff-paths';
import { jsonInit, staffData } from './staff-request';
import { staffKeys } from './keys';

/** GET /api/staff/projects/{project}/webhook-deliveries: the newest tries first. */
export const getWebhookDeliveries = (project: string, signal?: AbortSignal) =>
  staffData<TWebhookDelivery[]>(staffApi.webhookDeliveries(project), { signal });

export const webhookDeliveriesQueryOptions = (project: string) =>
  queryOptions({
    queryKey: staffKeys.deliveries(project),
    queryFn: ({ signal }) => getWebhookDeliveries(project, signal),
    staleTime: 0,
  });

export const useWebhookDeliveries = (project: string) => useQuery({ ...webhookDeliveriesQueryOptions(project), enabled: Boolean(project) });

/** POST .../webhook/test: a signed `webhook.test` event now; answers the logged delivery. */
export const sendTestWebhook = (project: string) => staffData<TWebhookDelivery>(staffApi.webhookTest(project), jsonInit('POST'));

/** POST .../webhook-deliveries/{id}/redeliver: the same event (same id) to the current URL and secret. */
export const redeliverWebhook = ({ project, deliveryId }: { project: string; deliveryId: number }) =>
  staffData<TWebhookDelivery>(staffApi.redeliver(project, deliveryId), jsonInit('POST'));

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSettled: async (_data, _error, project) => {
      // A test event answered 2xx ticks the launch checklist's webhook line.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.deliveries(project) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.checklist(project) }),
      ]);
    },
  });
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSettled: (_data, _error, { project }) => queryClient.invalidateQueries({ queryKey: staffKeys.deliveries(project) }),
  });
}
