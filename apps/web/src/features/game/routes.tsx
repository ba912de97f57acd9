import { GamePage } from './components/game-page';
import { SingleGamePage } from './components/single-game-page';

export const GameRoute = () => <GamePage />;
export const SingleGameRoute = ({ projectName }: { projectName: string }) => <SingleGamePage projectName={projectName} />;
