import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type { BenchPlayer } from './portal.ts';

/** Chromium (CHROMIUM_PATH, default Debian's /usr/bin/chromium) with background noise off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A browser context whose pages start signed in as `player` (the web app's stored session). */
export async function playerContext(browser: Browser, player: BenchPlayer): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript((p) => {
    localStorage.setItem('accessToken', p.jwt);
    localStorage.setItem('webAuthData', JSON.stringify({ userId: p.userId, nickName: p.nickName, currentAuthType: p.currentAuthType }));
  }, player);
  return context;
}
