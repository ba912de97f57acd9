import type { LoaderFunctionArgs } from 'react-router';
import { GameRoute, SingleGameRoute, gameLoader as featureGameLoader } from '@/features/game/routes';
import { initialConfigQueryOptions } from '@/shared/api/get-initial-config';
import { queryClient } from '@/shared/api/query-client';
import { GameFrameHost } from './game-frame-host';

/** `/games/:lng/:projectName/` with the game's window messages answered. */
export const GameHostRoute = () => <GameRoute frameHost={GameFrameHost} />;

/** The out-of-catalogue single game, with its window messages answered. */
export const SingleGameHostRoute = ({ projectName }: { projectName: string }) => (
  <SingleGameRoute projectName={projectName} frameHost={GameFrameHost} />
);

/** The game record, and the config whose allowed origins the frame host needs, load with the route. */
export function gameLoader(args: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(initialConfigQueryOptions());
  return featureGameLoader(args);
}
