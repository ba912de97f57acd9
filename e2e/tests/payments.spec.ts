import AxeBuilder from '@axe-core/playwright';
import { chooseMethod } from '../support/payment-screen';
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { createPayment, projectApiKey, registerPlayer, signInBrowser, type Player } from '../support/api';

/**
 * A player pays for an item the game server created, through each provider's sandbox (no
 * provider keys in the e2e product), and the game server's own view agrees.
 */

const PROVIDER_TITLES = { stripe: 'Stripe', yookassa: 'YooKassa', 'yandex-pay': 'Yandex Pay' } as const;
type Provider = keyof typeof PROVIDER_TITLES;

async function gameServerView(request: APIRequestContext, paymentId: string) {
  const key = await projectApiKey(request, 'familytown');
  const response = await request.get(`/api/v1/payments/${paymentId}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { status: string; provider: string | null; currency: string; payload: string | null };
}

async function openPayment(page: Page, request: APIRequestContext, label: string, priceId?: string) {
  const player: Player = await registerPlayer(request, label);
  const payment = await createPayment(request, { userId: player.userId, payload: `order-${label}`, ...(priceId ? { priceId } : {}) });
  await signInBrowser(page, player);
  await page.goto(new URL(payment.paymentUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  return { player, paymentId: payment.paymentId };
}

/** Chooses the provider, fills the receipt e-mail and continues to the provider screen. */
async function continueWith(page: Page, provider: Provider, email: string) {
  await chooseMethod(page, new RegExp(PROVIDER_TITLES[provider]));
  await page.getByLabel('E-mail for the receipt').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: `Payment via ${PROVIDER_TITLES[provider]}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payments/${provider}/`));
}

const popup = (page: Page) => page.getByRole('dialog', { name: 'Payment status' });

test.describe('payments', () => {
  for (const provider of ['stripe', 'yookassa'] as const) {
    test(`pays through the ${provider} sandbox and the popup ends as paid`, async ({ page, request }) => {
      const { paymentId, player } = await openPayment(page, request, `pay-${provider}`);
      await continueWith(page, provider, player.email);
      await expect(page.getByText('Test mode')).toBeVisible();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(popup(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      await expect(popup(page).getByText('Paid', { exact: true })).toBeVisible();

      const view = await gameServerView(request, paymentId);
      expect(view).toMatchObject({
        status: 'paid',
        provider,
        currency: provider === 'stripe' ? 'USD' : 'RUB',
        payload: `order-pay-${provider}`,
      });
      await popup(page).getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/transactions$/);
    });
  }

  test('a purchase paid on the screens is in the history with its PDF receipt', async ({ page, request, context }) => {
    test.setTimeout(60_000);
    const { paymentId, player } = await openPayment(page, request, 'pay-history', 'ft-coins-100');
    await continueWith(page, 'stripe', player.email);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(popup(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(popup(page).getByText('Paid', { exact: true })).toBeVisible();
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/transactions$/);

    await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
    // Paid through Stripe: the item's English name and its dollar price.
    const row = page.getByRole('list', { name: 'Your purchases' }).getByRole('button', { name: /Bag of coins/ });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('$0.99');
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(paymentId)).toBeVisible();

    // A job makes the receipt after the payment became paid: until then "Open receipt" says
    // so in a dialog, and the player closes it and tries again.
    const pdfUrl = `/api/user/receipts/${paymentId}.pdf`;
    const pdfResponse = context.waitForEvent('response', { predicate: (response) => response.url().includes(pdfUrl), timeout: 30_000 });
    const pendingDialog = page.getByRole('dialog', { name: 'Receipt' });
    let tab: Page | undefined;
    let waited = 0;
    await expect(async () => {
      if (await pendingDialog.isVisible()) {
        waited += 1;
        await expect(pendingDialog.getByText('The receipt is being generated. Please wait a little.')).toBeVisible();
        await pendingDialog.getByRole('button', { name: 'OK' }).click();
        await expect(pendingDialog).toBeHidden();
      }
      const opened = page.waitForEvent('popup', { timeout: 3_000 });
      await page.getByRole('button', { name: 'Open receipt' }).click();
      tab = await opened;
    }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
    test.info().annotations.push({ type: 'receipt', description: `opened after ${waited} "being generated" answer(s)` });

    const response: Response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(tab!.url()).toContain(pdfUrl);
    const pdf = await request.get(response.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab!.close();
  });

  test('pays through the Yandex Pay sandbox page in a window', async ({ page, request }) => {
    const { paymentId, player } = await openPayment(page, request, 'pay-yandex');
    await continueWith(page, 'yandex-pay', player.email);
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();
    await expect(popup(page).getByText('Pending', { exact: true })).toBeVisible();

    await expect(providerPage.getByText('Test mode')).toBeVisible();
    const closed = providerPage.waitForEvent('close');
    await providerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await closed;
    await expect(popup(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(await gameServerView(request, paymentId)).toMatchObject({ status: 'paid', provider: 'yandex-pay', currency: 'RUB' });
  });

  test('a declined sandbox payment ends as not paid', async ({ page, request }) => {
    const { paymentId, player } = await openPayment(page, request, 'fail');
    await continueWith(page, 'stripe', player.email);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await expect(popup(page).getByRole('heading', { name: 'Not paid' })).toBeVisible();
    await expect(popup(page).getByText('Payment failed', { exact: true })).toBeVisible();
    expect((await gameServerView(request, paymentId)).status).toBe('fail');

    // Reloaded on the provider screen: the end at once, nothing created at the provider again.
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/create/')) creates.push(r.url());
    });
    await page.reload();
    await expect(popup(page).getByRole('heading', { name: 'Not paid' })).toBeVisible();
    await expect(popup(page).getByText(paymentId)).toBeVisible();
    await expect(page.getByText('The payment provider could not be reached. Please try again later.')).toHaveCount(0);
    expect(creates).toEqual([]);
  });

  test('opened again: a pending payment shows the pending popup, a cancelled one its end with the id and OK', async ({ page, request }) => {
    const { paymentId, player } = await openPayment(page, request, 'reopen');
    const processPath = new URL(page.url()).pathname;
    await continueWith(page, 'yandex-pay', player.email);
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();

    // The game opens the same payment URL again while it is pending: no second payment offered.
    await page.goto(processPath);
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await popup(page).getByRole('button', { name: 'Cancel payment' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })
      .getByRole('button', { name: 'Yes, cancel' })
      .click();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await providerPage.close();

    // And once more after the cancellation: the cancelled end at once.
    await page.goto(processPath);
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(popup(page).getByText(paymentId)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
  });

  test('cancelling a pending payment asks first and ends as none', async ({ page, request }) => {
    const { paymentId, player } = await openPayment(page, request, 'cancel');
    await continueWith(page, 'yandex-pay', player.email);
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();

    await popup(page).getByRole('button', { name: 'Cancel payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' });
    await confirm.getByRole('button', { name: 'No, go back' }).click();
    await expect(confirm).toBeHidden();
    expect((await gameServerView(request, paymentId)).status).toBe('pending');

    await popup(page).getByRole('button', { name: 'Cancel payment' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(popup(page).getByText('Not paid', { exact: true }).first()).toBeVisible();
    expect((await gameServerView(request, paymentId)).status).toBe('none');
    await providerPage.close();
  });

  test('closing the provider window while pending ends as none', async ({ page, request }) => {
    const { player } = await openPayment(page, request, 'closed');
    await continueWith(page, 'yandex-pay', player.email);
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();
    await providerPage.close();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  });

  test('the receipt e-mail is required and checked; the payment id copies', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { paymentId } = await openPayment(page, request, 'mail');
    const email = page.getByLabel('E-mail for the receipt');
    await email.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter your e-mail')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page).toHaveURL(/\/payments\/process\//);

    await page.getByRole('button', { name: 'Copy payment ID' }).click();
    await expect(page.getByText('Payment ID copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(paymentId);

    // The item and its price follow the chosen provider's currency.
    await page.getByRole('radio', { name: /Stripe/ }).check();
    // Written as in the purchase history: $ before dollars, ₽ after roubles.
    await expect(page.getByTestId('payment-price')).toHaveText(/^\$\d+(\.\d\d)?$/);
    await page.getByRole('radio', { name: /YooKassa/ }).check();
    await expect(page.getByTestId('payment-price')).toHaveText(/^\d[\d\s]*(,\d\d)? ₽$/);
  });

  test('cancelling at the sandbox provider screen asks first and the popup ends as none', async ({ page, request }) => {
    const { paymentId, player } = await openPayment(page, request, 'cancel-widget');
    await continueWith(page, 'yookassa', player.email);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })
      .getByRole('button', { name: 'Yes, cancel' })
      .click();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    expect((await gameServerView(request, paymentId)).status).toBe('none');
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
  });

  test('the payment screens pass axe: process screen with an error, sandbox screen, pending and paid popup', async ({ page, request }) => {
    // Four axe scans over two pages: on a loaded machine each takes seconds.
    test.setTimeout(120_000);
    const axe = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    const { player } = await openPayment(page, request, 'axe');
    await page.getByLabel('E-mail for the receipt').fill('bad');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    expect(await axe()).toEqual([]);

    await continueWith(page, 'yandex-pay', player.email);
    const windowOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(providerPage.getByText('Test mode')).toBeVisible();
    expect((await new AxeBuilder({ page: providerPage }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await expect(popup(page).getByText('Pending', { exact: true })).toBeVisible();
    expect(await axe()).toEqual([]);
    await providerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(popup(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});

test.describe('the payment screen names the item by currency', () => {
  test('RUB shows the Russian name and price, USD the English ones, in the English and the Russian interface alike', async ({
    page,
    request,
  }) => {
    const player = await registerPlayer(request, 'names-by-currency');
    const payment = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-100' });
    await signInBrowser(page, player);
    const item = page.getByTestId('payment-item');
    const price = page.getByTestId('payment-price');
    for (const locale of ['en', 'ru'] as const) {
      await page.goto(`${new URL(payment.paymentUrl).pathname}/web/${locale}/familytown`);
      for (const [method, name, amount] of [
        [/YooKassa|ЮKassa/, 'Мешок монет', /79\s?₽/],
        [/Stripe/, 'Bag of coins', /\$0\.99/],
      ] as const) {
        await chooseMethod(page, method);
        await expect(item, `${locale} ${name}`).toHaveText(name);
        await expect(price, `${locale} ${name}`).toHaveText(amount);
      }
    }
  });
});
