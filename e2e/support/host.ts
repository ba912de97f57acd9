import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * HOST's helpers: a test game on another origin, framed by the portal's game page. The game
 * page's record is rewritten (page.route) so that its `iframe#game-frame` loads
 * `<origin>/game.html`, which Playwright serves: no server of its own is needed. The game
 * bundles the SDK's script build inline, as a game on its own site would bundle it (Chromium's
 * local-network checks refuse a script from the loopback portal to a page Playwright serves).
 */
const SDK_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/game-sdk/dist/game-sdk.js');
export const ALLOWED_GAME_ORIGIN = 'http://127.0.0.1:8182'; // ALLOWED_GAME_ORIGINS of playwright.config.ts
export const FOREIGN_GAME_ORIGIN = 'http://127.0.0.1:8253';

export function testGameHtml(): string {
  const sdk = readFileSync(SDK_SCRIPT, 'utf8');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test game</title></head>
<body><h1>Test game</h1><p id="events"></p>
<script>${sdk}</script>
<script>
  window.events = [];
  for (const name of ['logout', 'languageChange', 'unreadSupportCount', 'userAuth']) {
    GameSDK.on(name, (value) => { window.events.push({ name, value }); document.getElementById('events').textContent = JSON.stringify(window.events); });
  }
</script></body></html>`;
}

/** Makes the familytown game page frame a test game served at `origin`. */
export async function frameTestGame(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: testGameHtml() }));
  const gameAddress = `${origin}/game.html`;
  // A page the server rendered carries the game record in its state: the address is changed
  // there once the HTML is parsed, before the app's scripts read it.
  await page.addInitScript((address) => {
    document.addEventListener('readystatechange', () => {
      const state = document.readyState === 'interactive' ? document.getElementById('page-state') : null;
      if (state?.textContent)
        state.textContent = state.textContent.replace(/"iframeUrl":"[^"]*"/g, `"iframeUrl":${JSON.stringify(address)}`);
    });
  }, gameAddress);
  // A page the client renders asks for the record.
  await page.route('**/api/control/get-game-data?*', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { web_page: { iframeUrl: string } } };
      body.data.web_page.iframeUrl = gameAddress;
      await route.fulfill({ response, json: body });
    } catch (error) {
      // A page that navigated on (a 401 sends it to the login) or a test that ended meanwhile
      // leaves the request behind; anything else is a real failure.
      if (page.isClosed() || /Test ended|Target page, context or browser has been closed/.test(String(error))) return;
      throw error;
    }
  });
}
