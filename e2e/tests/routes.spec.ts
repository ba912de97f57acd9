import { expect, test } from '@playwright/test';

// Every route of the portal answers with a screen, never a blank page.
const screens: Array<[string, RegExp]> = [
  ['/session/login', /sign in/i],
  ['/session/login/email', /e-mail/i],
  ['/session/registration', /registration/i],
  ['/auth/recovery-password', /recovery/i],
  ['/auth/deletion-personal-data', /deletion of personal data/i],
  ['/payments/process/abc', /payment/i],
  ['/support/tickets', /my tickets/i],
  ['/support/ticket/create/1', /ticket/i],
  ['/prices', /prices/i],
];

test.describe('routes', () => {
  for (const [path, heading] of screens) {
    test(`${path} shows its screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('loader-only pages show the loader', async ({ page }) => {
    await page.goto('/loader');
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the deletion page opens the mail client with a request', async ({ page }) => {
    await page.goto('/auth/deletion-personal-data');
    await expect(page.getByRole('link', { name: 'Write a deletion request' })).toHaveAttribute(
      'href',
      /^mailto:support@gameportal\.example\?subject=/,
    );
  });
});
