import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCaptchaStateAnswer } from '@portal/contracts/auth';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { authKeys } from './keys';

/** Whether the server wants the robot check on this address's next try (it counts per address too). */
export const getCaptchaState = (signal?: AbortSignal) => apiGet<TCaptchaStateAnswer>(api.captchaState(), signal);

export const captchaStateQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.captchaState(),
    queryFn: ({ signal }) => getCaptchaState(signal),
    // Asked again by every sign-in screen that opens: the count changes with every try.
    staleTime: 0,
    retry: false,
  });

export const useCaptchaState = () => useQuery(captchaStateQueryOptions());
