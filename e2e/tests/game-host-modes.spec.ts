import { expect, test, type Frame, type Page } from '@playwright/test';
import { createPayment, PLAYER_PASSWORD, registerPlayer, signInBrowser } from '../support/api';
import { openEmailForm } from '../support/email-form';
import { payInSandbox } from '../support/rcpt';
import { ALLOWED_GAME_ORIGIN, frameTestGame } from '../support/host';

/**
 * The game page as host, by the project's delivery mode, and the 401 reactions a player meets:
 * the session request a game's login makes, the payment modal in the payment URL's language,
 * and where a rejected token sends a top-level page.
 */

async function playTestGame(page: Page, project = 'familytown'): Promise<Frame> {
  await frameTestGame(page, ALLOWED_GAME_ORIGIN);
  await page.goto(`/games/en/${project}/`);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.frameLocator('iframe#game-frame').getByRole('heading', { name: 'Test game' })).toBeVisible();
  const handle = page.frame({ url: `${ALLOWED_GAME_ORIGIN}/game.html?lang=en` });
  if (!handle) throw new Error('no game frame');
  return handle;
}

/** Calls `GameSDK[method](...args)` in the game frame without waiting for its answer. */
const callSdk = (frame: Frame, method: string, ...args: unknown[]) =>
  frame.evaluate(
    ([m, a]) => {
      const sdk = (window as unknown as { GameSDK: Record<string, (...x: unknown[]) => unknown> }).GameSDK;
      void Promise.resolve(sdk[m as string]!(...(a as unknown[]))).catch(() => undefined);
    },
    [method, args] as const,
  );

test.describe('a game on the portal', () => {
  test('its login asks for a session with iid, uid, platformId, source, locale and project', async ({ page }) => {
    const game = await playTestGame(page);
    // A signed-out visitor holds the anonymous marker: the installation id of this browser.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tempUserId'))).toBeTruthy();
    const marker = await page.evaluate(() => localStorage.getItem('tempUserId'));
    const request = page.waitForRequest((r) => r.url().endsWith('/api/session/get') && r.method() === 'POST');
    await callSdk(game, 'login');
    expect((await request).postDataJSON()).toEqual({
      iid: marker,
      uid: null,
      platformId: 'web',
      source: 'web',
      locale: 'en',
      project: 'familytown',
    });
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });

  test('the payment modal a game opens speaks the locale of the payment URL; the page keeps its own', async ({ page, request }) => {
    const player = await registerPlayer(request, 'locale');
    await signInBrowser(page, player);
    const game = await playTestGame(page);
    const payment = await createPayment(request, { userId: player.userId });
    await callSdk(game, 'openPayment', `${payment.paymentUrl}/web/ru/familytown`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Оплата', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Продолжить' })).toBeVisible();
    // The portal around it stays in English.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Support' })).toBeVisible();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
  });
});

/** A player whose stored token the server rejects. */
const STALE_PLAYER = {
  email: 'stale@players.example',
  userId: '00000000-0000-4000-8000-0000000000aa',
  nickName: 'Stale',
  currentAuthType: 'email',
  jwt: 'not-a-valid-token',
};

test.describe('the header over a running postMessage game (familytown)', () => {
  test('Login opens the sign-in in the modal; the game keeps running and hears the player', async ({ page, request }) => {
    const player = await registerPlayer(request, 'header-login');
    const game = await playTestGame(page);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    const login = dialog.frameLocator('iframe');
    await openEmailForm(login);
    await login.getByLabel('E-mail', { exact: true }).fill(player.email);
    await login.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    // The same game frame, told about the player.
    await expect
      .poll(() => game.evaluate(() => (window as unknown as { events: Array<{ name: string; value: { userId?: string } }> }).events))
      .toContainEqual({ name: 'userAuth', value: expect.objectContaining({ userId: player.userId }) });
  });

  test('Support and Purchase history open in the modal; help about a purchase opens its form there', async ({ page, request }) => {
    const player = await registerPlayer(request, 'header-modal');
    const { paymentId } = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-100' });
    await payInSandbox(request, player, paymentId);
    await signInBrowser(page, player);
    await playTestGame(page);
    const banner = page.getByRole('banner');

    // The support entry of the header and the one of the account menu.
    const tickets = page.getByRole('dialog', { name: 'My Tickets' });
    await banner.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
    await expect(tickets).toBeVisible();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    await page.keyboard.press('Escape');
    await expect(tickets).toBeHidden();
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await banner.getByRole('region', { name: 'Account menu' }).getByRole('link', { name: 'Support' }).click();
    await expect(tickets).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tickets).toBeHidden();

    await banner.getByRole('button', { name: 'Account menu' }).click();
    await banner.getByRole('link', { name: 'Purchase history' }).click();
    const history = page.getByRole('dialog', { name: 'Purchase history' });
    await expect(history).toBeVisible();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    await history
      .getByRole('list', { name: 'Your purchases' })
      .getByRole('button', { name: /Bag of coins/ })
      .click();
    await history.getByRole('button', { name: 'Ask for help' }).click();
    await expect(history.getByRole('heading', { name: 'Payment support request' })).toBeVisible();
    await expect(history.getByText(player.userId)).toBeVisible();
    await expect(page).toHaveURL(/\/games\/en\/familytown\/$/);
    // The game is still there, behind the modal.
    await expect(page.frameLocator('iframe#game-frame').getByRole('heading', { name: 'Test game' })).toBeAttached();
  });
});

test.describe('a redirect project’s game (neuroarena)', () => {
  test('login sends the browser to the session’s loginUrl, and the sign-in brings the player back to the game', async ({
    page,
    request,
  }) => {
    const player = await registerPlayer(request, 'redirect-game');
    const game = await playTestGame(page, 'neuroarena');
    await callSdk(game, 'login');
    await expect(page).toHaveURL(/\/session\/login\/[0-9a-f-]{36}\/web\/en\/neuroarena$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await openEmailForm(page);
    await page.getByLabel('E-mail', { exact: true }).fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/games\/en\/neuroarena\/$/, { timeout: 20_000 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});

test.describe('a 401 answer', () => {
  test('on a top-level page with source web reacts as web mode: the loader, token kept', async ({ page, request }) => {
    const player = await registerPlayer(request, 'web401');
    const payment = await createPayment(request, { userId: player.userId });
    await signInBrowser(page, { ...player, jwt: 'not-a-valid-token' });
    await page.goto(`/payments/process/${payment.paymentId}/web/en/familytown`);
    await expect(page).toHaveURL(/\/loader$/);
    await expect(page.getByText('UNAUTHORIZED! INVALID_TOKEN!')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe('not-a-valid-token');
  });

  for (const path of ['/transactions', '/transactions/help?id=00000000-0000-4000-8000-000000000000']) {
    test(`on ${path.split('?')[0]} ends on the login screen, signed out, with the toast`, async ({ page }) => {
      await signInBrowser(page, { ...STALE_PLAYER });
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: 'UNAUTHORIZED! INVALID_TOKEN!' }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/session\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      // ...and it stays there.
      await page.waitForTimeout(1000);
      await expect(page).toHaveURL(/\/session\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    });
  }
});
