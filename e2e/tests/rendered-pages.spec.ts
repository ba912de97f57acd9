import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

interface GameRecord {
  project: string;
  mainData: { outOfCatalog?: boolean };
  web_page?: unknown;
  localization: Record<string, { name?: string; fullDescription?: string } | undefined>;
}

/** The games the catalogue shows, as the web app picks them. */
async function liveGames(request: APIRequestContext): Promise<GameRecord[]> {
  const body = (await (await request.get('/api/control/get-games-data')).json()) as { data: GameRecord[] };
  return body.data.filter((game) => !game.mainData.outOfCatalog && game.web_page);
}

/** The single-game site of the demo: afterdark on its own host name (Chromium resolves *.localhost here). */
const singleGameOrigin = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? 'http://localhost:8181');
  url.hostname = 'afterdark.localhost';
  return url.origin;
};

/** Every console error and warning, and every uncaught error, of a page from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until React has taken the rendered markup over: its own keys on a node of the page. */
async function reactKeysOf(page: Page, selector: string): Promise<string[]> {
  await page.waitForFunction((s) => {
    const node = document.querySelector(s);
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
  return page.evaluate((s) => Object.keys(document.querySelector(s)!).filter((key) => key.startsWith('__react')), selector);
}

test.describe('pages the server renders', () => {
  test('without JavaScript, the catalogue names every live game and a game page shows its name and description', async ({
    browser,
    request,
    baseURL,
  }) => {
    const games = await liveGames(request);
    expect(games.length).toBeGreaterThan(1);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/games/en/');
    for (const game of games) {
      await expect(page.getByRole('heading', { level: 2, name: game.localization.en?.name ?? game.project })).toBeVisible();
    }
    await expect(page).toHaveTitle(/\S/);

    const [first] = games;
    await page.goto(`/games/ru/${first!.project}/`);
    await expect(page.getByRole('heading', { level: 1, name: first!.localization.ru?.name })).toBeVisible();
    await expect(page.getByText(first!.localization.ru?.fullDescription ?? '')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    // The single-game site names its game (its age question is a dialog that needs a script to open).
    await page.goto(`${singleGameOrigin(baseURL)}/games/en/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/After Dark/);
    await context.close();
  });

  test('React takes each page over with no hydration warning and asks for none of the data it came with', async ({ page, baseURL }) => {
    const problems = consoleProblems(page);
    const asked: string[] = [];
    page.on('request', (call) => {
      if (/\/api\/control\/|\/locales\/en\//.test(call.url())) asked.push(new URL(call.url()).pathname);
    });
    for (const path of ['/games/en/', '/games/en/familytown/', '/prices/familytown?project=familytown']) {
      await page.goto(path);
      // React's own fiber keys (Preact names its nodes otherwise).
      expect(await reactKeysOf(page, 'main')).toEqual(expect.arrayContaining([expect.stringMatching(/^__reactFiber\$/)]));
    }
    await page.goto(`${singleGameOrigin(baseURL)}/games/en/`);
    await reactKeysOf(page, 'main');
    await expect(page.getByRole('button', { name: 'I am over 18 years old' })).toBeVisible();
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a rendered game page plays as before, and a player who answered the age gate meets the game', async ({ page, baseURL }) => {
    const problems = consoleProblems(page);
    await page.goto('/games/en/familytown/');
    await reactKeysOf(page, 'main');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.locator('iframe#game-frame')).toHaveAttribute('src', /\/demo-games\/familytown\//);

    await page.goto(`${singleGameOrigin(baseURL)}/games/en/`);
    await page.getByRole('button', { name: 'I am over 18 years old' }).click();
    await page.reload();
    // Rendered with the question (the server knows no device), answered by this device's choice.
    await expect(page.locator('iframe#game-frame')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('the head names the page for search engines and link previews', async ({ request, baseURL }) => {
    const html = await (
      await request.get('/games/en/familytown/', { headers: { accept: '*/*', 'user-agent': 'TelegramBot (like TwitterBot)' } })
    ).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${baseURL}/[^"]+">`));
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/games/en/familytown/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="ru" href="${baseURL}/games/ru/familytown/"`);
    expect(html).toContain('"@type":"VideoGame"');
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/(json|ld\+json)"|type="module"))[^>]*>/);
  });
});
