import { lazy } from 'react';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';

const loadCatalogue = () => import('@/features/catalogue/routes');
const CatalogueRoute = lazy(async () => ({ default: (await loadCatalogue()).CatalogueRoute }));
const SingleGameRoute = lazy(async () => ({ default: (await import('@/features/game/routes')).SingleGameRoute }));

/**
 * `/games/:lng/`: the catalogue, or the single-game page when the host's project is out of
 * the catalogue (spec section 2).
 */
export function GamesIndexRoute() {
  const config = useInitialConfig();
  // Most hosts show the catalogue: fetch its code while the config is on its way.
  if (config.isPending) void loadCatalogue();
  if (config.isPending) return <FullScreenLoader />;
  if (config.data?.mainData.outOfCatalog) return <SingleGameRoute projectName={config.data.mainData.projectName} />;
  // No config (its failure is a toast): the catalogue still works.
  return <CatalogueRoute />;
}
