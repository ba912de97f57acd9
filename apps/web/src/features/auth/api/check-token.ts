import { queryOptions } from '@tanstack/react-query';
import type { TCheckTokenAnswer } from '@portal/contracts/auth';
import { apiRequest } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { authKeys } from './keys';

/** A token handed over by the host: is it a live sign-in? A 401 here is an answer, not a sign-out. */
export const checkToken = (jwt: string, signal?: AbortSignal) =>
  apiRequest<TCheckTokenAnswer>(api.checkToken(jwt), { method: 'GET', signal }, { reactToUnauthorized: false });

export const checkTokenQueryOptions = (jwt: string) =>
  queryOptions({
    queryKey: authKeys.checkToken(jwt),
    queryFn: ({ signal }) => checkToken(jwt, signal),
    staleTime: 0,
    retry: false,
  });
