import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGameRecord } from '@portal/contracts/control';
import { ApiError, apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { gameKeys } from './keys';

export const getGameData = (projectName: string, signal?: AbortSignal) => apiGet<TGameRecord>(api.gameData(projectName), signal);

export const gameDataQueryOptions = (projectName: string) =>
  queryOptions({
    queryKey: gameKeys.gameData(projectName),
    queryFn: ({ signal }) => getGameData(projectName, signal),
    // An unknown project is no failure to report: the page goes back to the catalogue.
    meta: { errorToast: 'GET_GAME_DATA_ERROR', toastWhen: (error) => !(error instanceof ApiError && error.status === 404) },
  });

export const useGameData = (projectName: string) => useQuery(gameDataQueryOptions(projectName));
