import { createGameSdk, type GameSdk } from './index.ts';

declare global {
  interface Window {
    GameSDK: GameSdk;
    createGameSdk: typeof createGameSdk;
  }
}

// `<script src=".../game-sdk.js" data-portal-origin="https://portal.example">` pins the portal
// origins (a space or comma list) the game trusts.
const pins = document.currentScript?.dataset.portalOrigin?.split(/[\s,]+/).filter(Boolean);

window.createGameSdk = createGameSdk;
window.GameSDK = createGameSdk(pins?.length ? { portalOrigins: pins } : {});
