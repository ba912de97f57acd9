import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfile } from '@portal/contracts/auth';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { accountKeys } from './keys';

export const getProfile = (signal?: AbortSignal) => apiGet<TProfile>(api.getProfile(), signal);

export const profileQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => getProfile(signal), staleTime: 0 });

export const useProfile = (enabled: boolean) => useQuery({ ...profileQueryOptions(), enabled });
