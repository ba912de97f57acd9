import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from './client';
import { api } from '../paths';

/** GET /support/get-support-unread-message-count reads `data.count` (spec section 7). */
interface UnreadCountAnswer {
  count: number;
}

/** Unread support messages, polled while signed in (the header's support mark). */
export const UNREAD_POLL_MS = 60_000;

export const supportUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'unread-count'],
    queryFn: ({ signal }) => apiGet<UnreadCountAnswer>(api.supportUnreadCount(), signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 30_000,
    meta: {
      errorToast: 'GET_SUPPORT_UNREAD_MESSAGE_COUNT_ERROR',
      // Until the support API is there (404) the mark just stays off.
      toastWhen: (error: Error) => !(error instanceof ApiError && (error.status === 404 || error.status === 401)),
    },
  });

export const useSupportUnreadCount = (enabled: boolean) => useQuery({ ...supportUnreadCountQueryOptions(), enabled });
