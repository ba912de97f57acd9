import { expect, test, type Page } from '@playwright/test';
import { createPayment, registerPlayer, signInBrowser } from '../support/api';

/**
 * What a player and the host game see when the payment and purchase calls go wrong or are
 * asked for one game: the popup's end when the payment state cannot be checked, the way back
 * to sign-in when the purchases cannot be read, a history limited to the game that embeds it.
 */

const popup = (page: Page) => page.getByRole('dialog', { name: 'Payment status' });

/** The JSON a result page carries in its last path segment (base64url). */
const decodeResult = (url: string) => {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;
};

test.describe('payment popup', () => {
  test('a payment state that cannot be checked ends the wait and the host gets 4017', async ({ page, request }) => {
    const player = await registerPlayer(request, 'check-failed');
    const payment = await createPayment(request, { userId: player.userId });
    await signInBrowser(page, player);
    // A mobile host: the result comes back on /payments/done/:result.
    await page.goto(`${new URL(payment.paymentUrl).pathname}/mobile`);
    const radio = page.getByRole('radio', { name: /Yandex Pay/ });
    await expect(async () => {
      await radio.check({ timeout: 5_000 });
      await expect(radio).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByLabel('E-mail for the receipt').fill(player.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();

    // The state can no longer be read: every check fails, the live stream too.
    await page.route('**/api/payments/get/**', (route) => route.fulfill({ status: 503, json: { code: 'INTERNAL_ERROR', message: 'down' } }));
    await page.route('**/api/payments/events/**', (route) => route.abort());
    await expect(popup(page).getByRole('heading', { name: 'Payment error' })).toBeVisible({ timeout: 30_000 });
    await expect(popup(page).getByText('Could not check the payment state.')).toBeVisible();
    await expect(popup(page).getByText(/Retrying/)).toHaveCount(0);
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/payments\/done\/[\w-]+$/);
    expect(decodeResult(page.url())).toMatchObject({ paymentId: payment.paymentId, isError: true, errorCode: 4017 });
    await providerPage.close();
  });
});
