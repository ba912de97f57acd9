import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/shared/api/query-client';
import { assetUrl } from '@/shared/asset-url';
import { preloadImages } from '@/shared/ui/preload-image';
import { canOpenGame } from '../can-open-game';
import { gameDataQueryOptions } from './get-game-data';

/**
 * Starts loading the game record with the route, beside the page's code, and the page's
 * background (its largest paint) as soon as the record names it. Never blocks: the page has
 * its own loader and guard.
 */
export function gameLoader({ params }: LoaderFunctionArgs) {
  const { projectName } = params;
  if (!projectName) return null;
  const options = gameDataQueryOptions(projectName);
  void queryClient.prefetchQuery(options).then(() => {
    const game = queryClient.getQueryData(options.queryKey);
    if (canOpenGame(game)) preloadImages([assetUrl(game.web_page.projectBackgroundFile)]);
  });
  return null;
}
