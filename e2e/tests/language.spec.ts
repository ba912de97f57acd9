import { expect, test } from '@playwright/test';

test.describe('language rules', () => {
  test('an unsupported language segment is replaced by the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto('/games/xx/');
    await expect(page).toHaveURL(/\/games\/ru\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Наши игры' })).toBeVisible();
    await context.close();
  });

  test('falls back to English for a browser language the portal does not speak', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'sv-SE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our games' })).toBeVisible();
    await context.close();
  });

  test('switching language rewrites the path, marks the current one and is remembered', async ({ page }) => {
    await page.goto('/games/en/familytown/');
    const switcher = page.getByRole('banner').getByRole('group');
    await expect(switcher.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-current', 'true');
    await expect(switcher.getByRole('button')).toHaveCount(2);

    await switcher.getByRole('button', { name: 'RU' }).click();
    await expect(page).toHaveURL(/\/games\/ru\/familytown\/$/);
    await expect(switcher.getByRole('button', { name: 'RU' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Играть' })).toBeVisible();

    // Any other path redirects to the catalogue in the saved language.
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/games\/ru\/$/);
    await page.goto('/games/xx/familytown/');
    await expect(page).toHaveURL(/\/games\/ru\/familytown\/$/);
  });

  test('the service screens a host embeds offer all ten languages', async ({ page }) => {
    await page.goto('/session/login/-/web');
    await expect(page.getByRole('banner').getByRole('group').getByRole('button')).toHaveCount(10);
    await page.getByRole('banner').getByRole('group').getByRole('button', { name: 'DE' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
