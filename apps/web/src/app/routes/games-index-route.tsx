import { lazy } from 'react';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import './games-index-route.css';

const loadCatalogue = () => import('@/features/catalogue/routes');
const CatalogueRoute = lazy(async () => ({ default: (await loadCatalogue()).CatalogueRoute }));
const SingleGameRoute = lazy(async () => ({ default: (await import('../game-host/routes')).SingleGameHostRoute }));

/**
 * Starts the games and the catalogue code beside the config (the root loader's) while the
 * translations load, all at once instead of one after the other: most hosts show the
 * catalogue, so its games are asked for before the config says so (an out-of-catalogue host
 * leaves them unused). Never blocks: the screen shows its own loader.
 */
export function gamesIndexLoader() {
  void loadCatalogue();
  void import('@/features/catalogue/api/get-games-data')
    .then(({ prefetchGamesData }) => prefetchGamesData())
    .catch(() => {
      /* the screen's own query reports it */
    });
  return null;
}

/**
 * `/games/:lng/`: the catalogue, or the single-game page when the host's project is out of
 * the catalogue.
 */
export function GamesIndexRoute() {
  return (
    <div className="games-index">
      <GamesIndexScreen />
    </div>
  );
}

function GamesIndexScreen() {
  const config = useInitialConfig();
  // Most hosts show the catalogue: fetch its code while the config is on its way.
  if (config.isPending) void loadCatalogue();
  if (config.isPending) return <FullScreenLoader />;
  if (config.data?.mainData.outOfCatalog) return <SingleGameRoute projectName={config.data.mainData.projectName} />;
  // No config (its failure is a toast): the catalogue still works.
  return <CatalogueRoute />;
}
