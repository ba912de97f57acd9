import { GamePage } from './components/game-page';
import { SingleGamePage } from './components/single-game-page';
import type { GameFrameHost } from './frame-host';

export type { GameFrameHost, GameFrameHostProps } from './frame-host';

export const GameRoute = ({ frameHost }: { frameHost?: GameFrameHost }) => <GamePage frameHost={frameHost} />;

export const SingleGameRoute = ({ projectName, frameHost }: { projectName: string; frameHost?: GameFrameHost }) => (
  <SingleGamePage projectName={projectName} frameHost={frameHost} />
);
