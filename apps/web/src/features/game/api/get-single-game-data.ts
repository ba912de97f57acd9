import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSingleGameData } from '@portal/contracts/control';
import { ApiError, apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { gameKeys } from './keys';

export const getSingleGameData = async (projectName: string, signal?: AbortSignal) => {
  const data = await apiGet<TSingleGameData>(api.singleGameData(projectName), signal);
  // Absent settings are the same failure as a failed call.
  if (!data?.settings) throw new ApiError('SETTINGS_MISSING', 'The game has no settings', 200);
  return data;
};

export const singleGameDataQueryOptions = (projectName: string) =>
  queryOptions({
    queryKey: gameKeys.singleGameData(projectName),
    queryFn: ({ signal }) => getSingleGameData(projectName, signal),
    meta: { errorToast: 'GET_SINGLE_GAME_DATA_ERROR' },
  });

export const useSingleGameData = (projectName: string) => useQuery(singleGameDataQueryOptions(projectName));
