import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/shared/api/query-client';
import { gameDataQueryOptions } from './api/get-game-data';
import { GamePage } from './components/game-page';
import { SingleGamePage } from './components/single-game-page';
import type { GameFrameHost } from './frame-host';

export type { GameFrameHost, GameFrameHostProps } from './frame-host';

export const GameRoute = ({ frameHost }: { frameHost?: GameFrameHost }) => <GamePage frameHost={frameHost} />;

/** Starts loading the game record with the route; never blocks (the page has its loader and guard). */
export function gameLoader({ params }: LoaderFunctionArgs) {
  if (params.projectName) void queryClient.prefetchQuery(gameDataQueryOptions(params.projectName));
  return null;
}

export const SingleGameRoute = ({ projectName, frameHost }: { projectName: string; frameHost?: GameFrameHost }) => (
  <SingleGamePage projectName={projectName} frameHost={frameHost} />
);
