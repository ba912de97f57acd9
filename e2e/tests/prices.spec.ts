import { expect, test } from '@playwright/test';

test.describe('prices', () => {
  test('a visitor picks a project and reads its prices in dollars', async ({ page }) => {
    await page.goto('/prices');
    const select = page.getByLabel('Project');
    await expect(select.locator('option').first()).toHaveText('Choose a project');
    await select.selectOption('familytown');
    await expect(page).toHaveURL(/\/prices\/familytown\?project=familytown$/);

    const rows = page.getByRole('row').filter({ has: page.getByRole('img') });
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    await expect(rows.first()).toContainText('$');
    const logo = rows.first().getByRole('img');
    await expect(logo).toHaveAttribute('src', /^\/prices\/[^/]+\/[a-z]+\.svg$/);
    // The logo really loads (polled: it may still be on its way when the row shows).
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('banner').getByRole('group').getByRole('button')).toHaveCount(2);
  });

  test('shows roubles in Russian', async ({ page }) => {
    await page.goto('/prices/neuroarena?project=neuroarena');
    await page.getByRole('banner').getByRole('group').getByRole('button', { name: 'RU' }).click();
    await expect(page.getByLabel('Проект')).toHaveValue('neuroarena');
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByRole('img') })
        .first(),
    ).toContainText('₽');
  });

  test('an unknown project leads back to the project choice', async ({ page }) => {
    await page.goto('/prices/nosuchproject');
    await expect(page).toHaveURL(/\/prices\/?$/);
    await expect(page.getByLabel('Project')).toHaveValue('');
  });
});
