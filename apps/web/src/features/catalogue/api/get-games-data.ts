import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGameRecord } from '@portal/contracts/control';
import { apiGet } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { catalogueKeys } from './keys';

export const getGamesData = (signal?: AbortSignal) => apiGet<TGameRecord[]>(api.gamesData(), signal);

export const gamesDataQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.gamesData(),
    queryFn: ({ signal }) => getGamesData(signal),
    meta: { errorToast: 'GET_GAMES_DATA_ERROR' },
  });

export const useGamesData = () => useQuery(gamesDataQueryOptions());
