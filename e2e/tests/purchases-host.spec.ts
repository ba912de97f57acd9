import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseMethod } from '../support/payment-screen';
import { createPayment, projectApiKey, registerPlayer, signInBrowser, type Player } from '../support/api';

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

/** Starts a payment at the provider as the player (the sandbox), so the history lists it. */
async function startAtProvider(request: APIRequestContext, player: Player, paymentId: string) {
  const created = await request.get(`/api/payments/yookassa/create/${paymentId}`, { headers: { authorization: `Bearer ${player.jwt}` } });
  expect(created.ok(), await created.text()).toBe(true);
}

/** The game server's view of the payment (GET /api/v1/payments/{id}). */
async function serverStatus(request: APIRequestContext, paymentId: string) {
  const key = await projectApiKey(request, 'familytown');
  const response = await request.get(`/api/v1/payments/${paymentId}`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { status: string }).status;
}

/** Opens the payment, chooses Yandex Pay and opens its payment page in a window. */
async function startYandexPay(page: Page, request: APIRequestContext, label: string, tail = '') {
  const player = await registerPlayer(request, label);
  const payment = await createPayment(request, { userId: player.userId });
  await signInBrowser(page, player);
  await page.goto(`${new URL(payment.paymentUrl).pathname}${tail}`);
  await chooseMethod(page, /Yandex Pay/);
  await page.getByLabel('E-mail for the receipt').fill(player.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const windowOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
  const providerPage = await windowOpened;
  await expect(popup(page).getByText('Your payment is being processed')).toBeVisible();
  return { paymentId: payment.paymentId, providerPage };
}

test.describe('payment popup', () => {
  test('a payment state that cannot be checked ends the wait and the host gets 4017', async ({ page, request }) => {
    // A mobile host: the result comes back on /payments/done/:result.
    const { paymentId, providerPage } = await startYandexPay(page, request, 'check-failed', '/mobile');

    // The state can no longer be read: every check fails, the live stream too.
    await page.route('**/api/payments/get/**', (route) =>
      route.fulfill({ status: 503, json: { code: 'INTERNAL_ERROR', message: 'down' } }),
    );
    await page.route('**/api/payments/events/**', (route) => route.abort());
    await expect(popup(page).getByRole('heading', { name: 'Payment error' })).toBeVisible({ timeout: 30_000 });
    await expect(popup(page).getByText('Could not check the payment state.')).toBeVisible();
    await expect(popup(page).getByText(/Retrying/)).toHaveCount(0);
    await popup(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/payments\/done\/[\w-]+$/);
    expect(decodeResult(page.url())).toMatchObject({ paymentId, isError: true, errorCode: 4017 });
    await providerPage.close();
  });
});

test.describe('Yandex Pay window', () => {
  test('cancelling in the popup closes the Yandex Pay window', async ({ page, request }) => {
    const { paymentId, providerPage } = await startYandexPay(page, request, 'ya-cancel');
    const closed = providerPage.waitForEvent('close');
    await popup(page).getByRole('button', { name: 'Cancel payment' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })
      .getByRole('button', { name: 'Yes, cancel' })
      .click();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await closed;
    expect(providerPage.isClosed()).toBe(true);
    expect(await serverStatus(request, paymentId)).toBe('none');
  });

  test('closing the Yandex Pay window ends the popup as cancelled, and leaves the order open for a late payment', async ({
    page,
    request,
  }) => {
    const { paymentId, providerPage } = await startYandexPay(page, request, 'ya-closed');
    await expect.poll(() => serverStatus(request, paymentId)).toBe('pending');
    await providerPage.close();
    await expect(popup(page).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    // A closed window is the page's word, which a framed page cannot always trust: the server
    // cancels nothing on it. The order stays open (a payment made in it later still counts, by
    // the provider's webhook or the reconciliation), and the game server has heard nothing final.
    expect(await serverStatus(request, paymentId)).toBe('pending');
  });
});

test.describe('purchase history', () => {
  test('names the game and speaks the interface language, whatever the currency paid', async ({ page, request }) => {
    const player = await registerPlayer(request, 'history-names');
    const payment = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-550' });
    await signInBrowser(page, player);
    await page.goto(new URL(payment.paymentUrl).pathname);
    await expect(page.getByText('Family Town', { exact: true })).toBeVisible();
    await expect(page.getByText('familytown', { exact: true })).toHaveCount(0);

    // Paid in roubles (YooKassa), read in English.
    await startAtProvider(request, player, payment.paymentId);
    const paid = await request.post(`/api/payments/sandbox/${payment.paymentId}/complete`, {
      headers: { authorization: `Bearer ${player.jwt}` },
      data: { outcome: 'paid' },
    });
    expect(paid.ok()).toBe(true);
    await page.goto('/transactions');
    const row = page.getByRole('list', { name: 'Your purchases' }).getByRole('button', { name: /Chest of coins/ });
    await expect(row).toContainText('349 ₽');
    await row.click();
    await expect(page.getByText('Family Town', { exact: true })).toBeVisible();
  });

  test("a history embedded by one game lists that game's purchases only", async ({ page, request }) => {
    const player = await registerPlayer(request, 'history-project');
    const farm = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-550' });
    const arena = await createPayment(request, { project: 'neuroarena', userId: player.userId, priceId: 'na-gems-500' });
    await startAtProvider(request, player, farm.paymentId);
    await startAtProvider(request, player, arena.paymentId);
    await signInBrowser(page, player);
    const list = page.getByRole('list', { name: 'Your purchases' });

    await page.goto('/transactions?project=neuroarena');
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('button', { name: /749/ })).toBeVisible();

    await page.goto('/transactions?project=familytown');
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('button', { name: /349/ })).toBeVisible();

    // The portal's own history: every game.
    await page.goto('/transactions');
    await expect(list.getByRole('button')).toHaveCount(2);
  });
});

test.describe('the way back to sign-in', () => {
  const failing = { status: 503, json: { code: 'INTERNAL_ERROR', message: 'down' } };

  test('a purchase list or payment lookup that cannot be read goes to the sign-in screen', async ({ page, request }) => {
    const player = await registerPlayer(request, 'manual-redirect');
    await signInBrowser(page, player);
    await page.route('**/api/payments/get-user-payments**', (route) => route.fulfill(failing));
    await page.goto('/transactions?project=familytown');
    await expect(page).toHaveURL(/\/session\/login\/[0-9a-f-]{36}\/web\/en\/familytown$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();

    await page.route('**/api/payments/get-user-payment?**', (route) => route.fulfill(failing));
    await page.goto('/transactions/help?id=0b7d2a4e-1c1f-4e55-9a0e-2d4c5b6a7f80&project=neuroarena');
    await expect(page).toHaveURL(/\/session\/login\/[0-9a-f-]{36}\/web\/en\/neuroarena$/, { timeout: 30_000 });
  });

  test('when no sign-in session can be made the player is told so', async ({ page, request }) => {
    const player = await registerPlayer(request, 'manual-redirect-error');
    await signInBrowser(page, player);
    await page.route('**/api/payments/get-user-payments**', (route) => route.fulfill(failing));
    await page.route('**/api/session/get', (route) => route.fulfill(failing));
    await page.goto('/transactions');
    await expect(page.getByText('Could not return you to the sign-in page.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Your purchases could not be loaded. Please try again later.')).toBeVisible();
    await expect(page).toHaveURL(/\/transactions$/);
  });
});

test.describe('prices', () => {
  test('a price list opened by its path keeps the project in ?project=', async ({ page }) => {
    await page.goto('/prices/familytown');
    await expect(page).toHaveURL(/\/prices\/familytown\?project=familytown$/);
    await expect(page.getByRole('row', { name: /Bag of coins/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue('familytown');
  });

  test('a known project stays when the settings cannot be loaded', async ({ page }) => {
    await page.route('**/api/control/get-initial-config**', (route) =>
      route.fulfill({ status: 503, json: { code: 'INTERNAL_ERROR', message: 'down' } }),
    );
    await page.goto('/prices/familytown?project=familytown');
    await expect(page.getByRole('row', { name: /Bag of coins/ })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/prices\/familytown\?project=familytown$/);
  });
});

test.describe('project background colour', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

  test("embedded login, payment and support screens take the project's backgroundColor; the portal keeps its own", async ({
    page,
    request,
  }) => {
    await page.goto('/games/en/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const portal = await background(page);

    // familytown #1d6f42
    await page.goto('/session/login/-/web/en/familytown');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect.poll(() => background(page)).toBe('rgb(29, 111, 66)');

    // neuroarena #17153b
    const player = await registerPlayer(request, 'background');
    const payment = await createPayment(request, { project: 'neuroarena', userId: player.userId });
    await signInBrowser(page, player);
    await page.goto(`${new URL(payment.paymentUrl).pathname}/web/en/neuroarena`);
    await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
    await expect.poll(() => background(page)).toBe('rgb(23, 21, 59)');

    // islandm3 #0b6e8a
    await page.goto('/support/tickets?source=web&project=islandm3');
    await expect.poll(() => background(page)).toBe('rgb(11, 110, 138)');

    await page.goto('/games/en/');
    await expect.poll(() => background(page)).toBe(portal);
  });
});

test.describe('portal languages', () => {
  const switcher = (page: Page) => page.getByRole('banner').getByRole('group');

  test('a German browser and /games/de/ get the portal in English with the current language marked', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/games/de/');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our games' })).toBeVisible();
    await expect(switcher(page).getByRole('button')).toHaveCount(2);
    await expect(switcher(page).getByRole('button', { name: 'EN' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/games/de/familytown/');
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test("the portal's header offers ru and en on history, support, account and sign-in; embedded screens keep ten", async ({
    page,
    request,
  }) => {
    const player = await registerPlayer(request, 'portal-languages');
    // A language chosen on a host's screens before.
    await page.addInitScript(() => {
      if (!localStorage.getItem('seeded-language')) {
        localStorage.setItem('i18nextLng', 'de');
        localStorage.setItem('seeded-language', '1');
      }
    });
    await page.goto('/session/login/-/web');
    await expect(switcher(page).getByRole('button')).toHaveCount(10);
    await expect(switcher(page).getByRole('button', { name: 'DE' })).toHaveAttribute('aria-current', 'true');

    await page.goto('/session/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(switcher(page).getByRole('button')).toHaveCount(2);
    await expect(switcher(page).getByRole('button', { name: 'EN' })).toHaveAttribute('aria-current', 'true');

    await page.goto('/support/tickets');
    await expect(switcher(page).getByRole('button')).toHaveCount(2);
    await expect(switcher(page).getByRole('button', { name: 'EN' })).toHaveAttribute('aria-current', 'true');

    await signInBrowser(page, player);
    for (const path of ['/transactions', '/account/profile']) {
      await page.goto(path);
      await expect(switcher(page).getByRole('button')).toHaveCount(2);
      await expect(switcher(page).getByRole('button', { name: 'EN' })).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await switcher(page).getByRole('button', { name: 'RU' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});
