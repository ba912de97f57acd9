import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { notifyError } from '../ui/notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Error toast code shown when the query fails (e.g. GET_GAMES_DATA_ERROR). */
      errorToast?: string;
      /** Return false to keep the toast for this error (e.g. a 404 that redirects instead). */
      toastWhen?: (error: Error) => boolean;
    };
  }
}

/** 4xx answers are final; network and 5xx failures are retried twice. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A server render that meets a failure sends the client's page instead: no toast there.
        if (import.meta.env.SSR) return;
        const code = query.meta?.errorToast;
        if (!code) return;
        if (query.meta?.toastWhen && !query.meta.toastWhen(error)) return;
        notifyError(code);
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 60_000, refetchOnWindowFocus: false },
    },
  });
}

export const queryClient = createQueryClient();
