import { GameRoute, SingleGameRoute } from '@/features/game/routes';
import { GameFrameHost } from './game-frame-host';

/** `/games/:lng/:projectName/` with the game's window messages answered. */
export const GameHostRoute = () => <GameRoute frameHost={GameFrameHost} />;

/** The out-of-catalogue single game, with its window messages answered. */
export const SingleGameHostRoute = ({ projectName }: { projectName: string }) => (
  <SingleGameRoute projectName={projectName} frameHost={GameFrameHost} />
);
