import { test as base, expect, type Page } from '@playwright/test';
import { hostMessages, hostSession, startHostServer, type HostServer } from '../support/embed';
import { startProduct } from '../support/product';
import { startSignInStandIns, type SignInStandIns } from '../support/sign-in-stand-ins';

/**
 * Apple, Telegram and Facebook with their keys set: the login page loads the provider's own
 * script (here a stand-in at the official URL speaking its documented JS API), hands the proof
 * to /auth/apple-login, /auth/telegram-login or /auth/facebook-login (the server checks it
 * against the provider: Apple's JWKS, the bot token's HMAC, Facebook's debug_token), and the
 * host hears the result, or the provider's own failure code.
 */
interface World {
  baseURL: string;
  host: HostServer;
  standIns: SignInStandIns;
}

const test = base.extend<{ host: HostServer; standIns: SignInStandIns }, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIns = await startSignInStandIns();
      const host = await startHostServer();
      const product = await startProduct({ ...standIns.env, ALLOWED_GAME_ORIGINS: host.origin, AUTH_RATE_LIMIT_MAX: '100000' });
      await use({ baseURL: product.baseURL, host, standIns });
      await product.stop();
      await host.close();
      await standIns.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ world }, use) => use(world.baseURL),
  host: async ({ world }, use) => use(world.host),
  standIns: async ({ world, page }, use) => {
    Object.assign(world.standIns.outcome, { apple: 'ok', telegram: 'ok', facebook: 'ok' });
    await world.standIns.install(page);
    await use(world.standIns);
  },
});

/** Opens the host's login screen in its frame and records the sign-in calls the page makes. */
async function openFramedLogin(page: Page, host: HostServer, loginUrl: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/(api\/auth\/[a-z-]+-login|passport\/)/.test(path)) calls.push(path);
  });
  await page.goto(host.pageUrl(loginUrl));
  const frame = page.frameLocator('#service');
  await expect(frame.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  return { frame, calls };
}

test.describe('sign-in on the provider script when its keys are set', () => {
  test.slow();

  for (const { button, call, authType } of [
    { button: 'Continue with Apple', call: '/api/auth/apple-login', authType: 'apple' },
    { button: 'Continue with Telegram', call: '/api/auth/telegram-login', authType: 'telegram' },
    { button: 'Continue with Facebook', call: '/api/auth/facebook-login', authType: 'facebook' },
  ]) {
    test(`${authType}: the provider's script signs in through ${call}, never /passport`, async ({ page, request, host, standIns }) => {
      expect(standIns.outcome).toBeTruthy();
      const { loginUrl, session } = await hostSession(request, 'familytown');
      const { frame, calls } = await openFramedLogin(page, host, loginUrl);
      await frame.getByRole('button', { name: button }).click();
      await expect
        .poll(() => hostMessages(page))
        .toEqual([
          expect.objectContaining({
            data: { type: 'authResult', result: expect.objectContaining({ isError: false, currentAuthType: authType, session }) },
          }),
        ]);
      expect(calls).toEqual([call]);
      const [message] = await hostMessages(page);
      const check = (await (await request.get(`/api/auth/check/${String(message!.data.result!.jwt)}`)).json()) as {
        data: { result: boolean };
      };
      expect(check.data.result).toBe(true);
    });
  }

  for (const { name, button, set, code } of [
    { name: 'Apple window closed by the player', button: 'Continue with Apple', set: { apple: 'closed' }, code: 1011 },
    { name: 'Sign in with Apple failing', button: 'Continue with Apple', set: { apple: 'error' }, code: 1007 },
    { name: 'an Apple token the server refuses', button: 'Continue with Apple', set: { apple: 'wrong-audience' }, code: 1008 },
    { name: 'Telegram giving no user', button: 'Continue with Telegram', set: { telegram: 'refused' }, code: 1014 },
    { name: 'Telegram data with a wrong hash', button: 'Continue with Telegram', set: { telegram: 'bad-hash' }, code: 1014 },
    { name: 'the Facebook dialog closed', button: 'Continue with Facebook', set: { facebook: 'cancelled' }, code: 1011 },
    { name: 'a Facebook token the server refuses', button: 'Continue with Facebook', set: { facebook: 'invalid-token' }, code: 1016 },
    { name: 'the Facebook SDK failing', button: 'Continue with Facebook', set: { facebook: 'me-error' }, code: 1017 },
  ] as const) {
    test(`${name}: the host gets ${code}`, async ({ page, request, host, standIns }) => {
      Object.assign(standIns.outcome, set);
      const { loginUrl, session } = await hostSession(request, 'familytown');
      const { frame } = await openFramedLogin(page, host, loginUrl);
      await frame.getByRole('button', { name: button }).click();
      await expect
        .poll(() => hostMessages(page))
        .toEqual([expect.objectContaining({ data: { type: 'authResult', result: { isError: true, errorCode: code, session } } })]);
      // The player may try again at once.
      await expect(frame.getByRole('button', { name: button })).toBeEnabled();
    });
  }

  test('a Google sign-in the provider fails (not a closed window): the host gets 1009', async ({ page, request, host, baseURL }) => {
    const { loginUrl, session } = await hostSession(request, 'familytown');
    const { frame } = await openFramedLogin(page, host, loginUrl);
    const toProvider = page.context().waitForEvent('request', (r) => r.url().includes('/local-oidc/auth'));
    const popupOpened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Continue with Google' }).first().click();
    const popup = await popupOpened;
    const state = new URL((await toProvider).url()).searchParams.get('state') ?? '';
    expect(state).not.toBe('');
    // The provider answers the callback with an error of its own; the callback page then closes its window.
    await popup.goto(`${baseURL}/passport/google/callback?error=server_error&state=${encodeURIComponent(state)}`).catch(() => undefined);
    await expect
      .poll(() => hostMessages(page))
      .toEqual([expect.objectContaining({ data: { type: 'authResult', result: { isError: true, errorCode: 1009, session } } })]);
  });

  test('the portal page signs a visitor in with Telegram', async ({ page, standIns }) => {
    expect(standIns.outcome.telegram).toBe('ok');
    await page.goto('/session/login');
    await page.getByRole('button', { name: 'Continue with Telegram' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
