import { createGameSdk, type GameSdk } from './index.ts';

declare global {
  interface Window {
    GameSDK: GameSdk;
    createGameSdk: typeof createGameSdk;
  }
}

window.createGameSdk = createGameSdk;
window.GameSDK = createGameSdk();
