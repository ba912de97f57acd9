import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type { BenchPlayer } from './portal.ts';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Its flags on this machine: no sandbox, no GPU, no background noise. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium (CHROMIUM_PATH, default Debian's /usr/bin/chromium) with background noise off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
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
