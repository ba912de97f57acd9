import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGameRecord } from '@portal/contracts/control';
import { apiGet } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { api } from '@/shared/paths';
import { assetUrl } from '@/shared/asset-url';
import { preloadImages } from '@/shared/ui/preload-image';
import { catalogueKeys } from './keys';

export const getGamesData = (signal?: AbortSignal) => apiGet<TGameRecord[]>(api.gamesData(), signal);

export const gamesDataQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.gamesData(),
    queryFn: ({ signal }) => getGamesData(signal),
    meta: { errorToast: 'GET_GAMES_DATA_ERROR' },
  });

export const useGamesData = () => useQuery(gamesDataQueryOptions());

/** The games the catalogue shows as cards, in its order. */
export const catalogueGames = (games: TGameRecord[] | undefined) =>
  (games ?? []).filter((game) => !game.mainData.outOfCatalog && game.web_page);

/** Cards a wide screen shows before scrolling: their logos load first. */
export const FIRST_VIEW_CARDS = 3;

/**
 * Starts loading the games, and the logos of the first cards (one of them is the page's
 * largest paint) as soon as the games name them. Never rejects: the screen's query reports.
 */
export async function prefetchGamesData(): Promise<void> {
  const options = gamesDataQueryOptions();
  await queryClient.prefetchQuery(options);
  const firstView = catalogueGames(queryClient.getQueryData(options.queryKey)).slice(0, FIRST_VIEW_CARDS);
  preloadImages(firstView.map((game) => assetUrl(game.web_page?.cardLogoImage)));
}
