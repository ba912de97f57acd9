import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('catalogue in English', () => {
  test('shows the games, greys the one in development and opens a game page', async ({ page }) => {
    await page.goto('/games/en/');
    await expect(page.getByRole('heading', { level: 1, name: 'Our games' })).toBeVisible();

    const familytown = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Family Town' }) });
    await expect(familytown.getByRole('img', { name: 'Family Town' })).toBeVisible();
    const islandCard = page.locator('article[aria-disabled="true"]');
    await expect(islandCard).toHaveCount(1);
    await expect(islandCard.getByText('In development')).toBeVisible();
    await expect(islandCard.getByRole('link')).toHaveCount(0);

    await familytown.getByRole('link', { name: 'Play' }).click();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Family Town' })).toBeVisible();
    await expect(page.locator('#game-frame')).toHaveCount(0);

    await page.getByRole('button', { name: 'Play' }).click();
    const frame = page.locator('iframe#game-frame');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /\/demo-games\/familytown\/index\.html\?lang=en$/);
    // The demo game itself loads inside the frame.
    await expect(page.frameLocator('#game-frame').locator('body')).not.toBeEmpty();
  });

  test('game page carries the game metadata, social links and a trimmed footer', async ({ page }) => {
    await page.goto('/games/en/neuroarena/');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuro Arena' })).toBeVisible();
    await expect(page).toHaveTitle(/Neuro Arena/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /neuroarena\/favicon\.svg$/);

    const social = page.getByRole('link', { name: /telegram/i });
    await expect(social).toHaveAttribute('target', '_blank');
    await expect(social).toHaveAttribute('rel', /noopener/);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contacts' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Public offer' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Personal data policy' })).toHaveCount(0);

    // The logo leads back to the catalogue.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/games\/en\/$/);
  });

  test('sends games that cannot be opened back to the catalogue', async ({ page }) => {
    await page.goto('/games/en/islandm3/');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await page.goto('/games/en/no-such-game/');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our games' })).toBeVisible();
  });

  test('reached from another page, shows the loader only while data is slow, and the footer stays at the bottom', async ({ page }) => {
    // `/games/en/` arrives rendered with its games; reached from a game's page, the browser draws it.
    await page.goto('/games/en/familytown/');
    await expect(page.getByRole('heading', { level: 1, name: 'Family Town' })).toBeVisible();
    // React has taken the page over: the logo is followed by the router, not by a page load.
    await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-hydrating') === false);
    // The games answer only once the loader has been seen and measured.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/control/get-games-data', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: 'Game Portal' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    // Pinned to the bottom of the first view: in sight, ending where the view ends.
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    const viewport = page.viewportSize();
    expect(footerBox && viewport && footerBox.y + footerBox.height).toBeGreaterThanOrEqual((viewport?.height ?? 0) - 2);
    expect(footerBox && viewport && footerBox.y + footerBox.height).toBeLessThanOrEqual((viewport?.height ?? 0) + 2);
    release();
    await expect(page.getByRole('heading', { name: 'Family Town' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('footer documents open the legal pages', async ({ page, context }) => {
    await page.goto('/games/en/');
    const [doc] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('contentinfo').getByRole('link', { name: 'Public offer' }).click(),
    ]);
    await expect(doc).toHaveURL(/\/docs\/EnPublicOffer\.html$/);
    await expect(doc.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('has no accessibility violations', async ({ page }) => {
    // Several axe passes over full pages: on a loaded machine they take their time.
    test.setTimeout(180_000);
    await page.goto('/games/en/');
    await expect(page.getByRole('heading', { name: 'Family Town' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('catalogue in Russian', () => {
  test('shows Russian texts and plays with the language in the frame', async ({ page }) => {
    await page.goto('/games/ru/');
    await expect(page.getByRole('heading', { level: 1, name: 'Наши игры' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByText('В разработке')).toBeVisible();
    await page.getByRole('link', { name: 'Играть' }).first().click();
    await page.getByRole('button', { name: 'Играть' }).click();
    await expect(page.locator('iframe#game-frame')).toHaveAttribute('src', /lang=ru$/);
    // The shared demo-game toolbar (/demo-games/shared/portal.js) speaks the frame's language.
    const signIn = page.frameLocator('#game-frame').getByRole('button', { name: 'Войти' });
    await expect(signIn).toBeVisible();
    // ...and is styled by the shared /demo-games/shared/toolbar.css.
    await expect(signIn).toHaveCSS('border-radius', '8px');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Пользовательское соглашение' })).toBeVisible();
  });
});

test.describe('layouts', () => {
  for (const width of [1024, 767, 375]) {
    test(`catalogue and game page fit a ${width} px wide screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/games/en/', '/games/en/familytown/']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
});
