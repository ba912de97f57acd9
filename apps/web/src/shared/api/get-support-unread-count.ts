import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUnreadCountResponse } from '@portal/contracts/support';
import { ApiError, apiGet } from './client';
import { useSupportEvents } from './support-events';
import { api } from '../paths';
import { supportKeys } from './query-keys';

/** Unread support messages, polled while signed in (the header's support mark). */
export const UNREAD_POLL_MS = 60_000;

/** GET /support/get-support-unread-message-count reads `data.count`. */
export const supportUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.unreadCount(),
    queryFn: ({ signal }) => apiGet<TUnreadCountResponse>(api.supportUnreadCount(), signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 30_000,
    meta: {
      errorToast: 'GET_SUPPORT_UNREAD_MESSAGE_COUNT_ERROR',
      // Until the support API is there (404) the mark just stays off.
      toastWhen: (error: Error) => !(error instanceof ApiError && (error.status === 404 || error.status === 401)),
    },
  });

/**
 * The unread count: polled, and set at once when the support event stream announces a new
 * count (a staff reply, a ticket read in another screen or tab).
 */
export function useSupportUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  useSupportEvents((event) => {
    if (event.type === 'unreadCount') {
      queryClient.setQueryData<TUnreadCountResponse>(supportKeys.unreadCount(), { count: event.count });
    }
  }, enabled);
  return useQuery({ ...supportUnreadCountQueryOptions(), enabled });
}
