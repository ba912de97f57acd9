import type { Page } from '@playwright/test';
import { chooseMethod } from '../support/payment-screen';
import { createPayment, PLAYER_PASSWORD, registerPlayer, signInBrowser } from '../support/api';
import { openEmailForm } from '../support/email-form';
import { decodeResultSegment, expect, hostMessages, hostSession, test } from '../support/embed';

/**
 * The portal's account and payment screens embedded in a host game on another origin:
 * results go to the host by window message, only to an allowed origin, or to a
 * result page in redirect mode; the service header's close ends the flow with its code.
 */
test.describe('service screens in a host game', () => {
  test.slow();

  test('e-mail sign-in inside the frame hands authResult with the jwt to the allowed host', async ({
    page,
    request,
    allowedHost,
    baseURL,
  }) => {
    const player = await registerPlayer(request, 'embed-login');
    const { loginUrl, session } = await hostSession(request, 'familytown');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    // The service header, not the portal's.
    await expect(frame.getByRole('banner').getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(frame.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
    await openEmailForm(frame);
    await frame.getByLabel('E-mail', { exact: true }).fill(player.email);
    await frame.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
    await frame.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => hostMessages(page)).toHaveLength(1);
    const [message] = await hostMessages(page);
    // The host sees the product's exact origin as the sender.
    expect(message!.origin).toBe(new URL(baseURL!).origin);
    expect(message!.data).toMatchObject({
      type: 'authResult',
      result: { isError: false, currentAuthType: 'email', userId: player.userId, session },
    });
    const jwt = String(message!.data.result!.jwt);
    const check = (await (await request.get(`/api/auth/check/${jwt}`)).json()) as { data: { result: boolean; userId?: string } };
    expect(check.data).toMatchObject({ result: true, userId: player.userId });
  });

  test('the header close asks first; confirmed, the host gets authResult 1011', async ({ page, request, allowedHost }) => {
    const { loginUrl, session } = await hostSession(request, 'familytown');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    await frame.getByRole('button', { name: 'Close' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Do you want to return to the game?' });
    await expect(dialog).toBeVisible();
    // No keeps the player on the screen.
    await dialog.getByRole('button', { name: 'No, stay' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await hostMessages(page)).toEqual([]);

    await frame.getByRole('button', { name: 'Close' }).click();
    await frame.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => hostMessages(page))
      .toEqual([expect.objectContaining({ data: { type: 'authResult', result: { isError: true, errorCode: 1011, session } } })]);
  });

  test('project settings failing during the sign-in: no toast, the host gets authResult 1012', async ({ page, request, allowedHost }) => {
    const { loginUrl, session } = await hostSession(request, 'familytown');
    await page.route('**/api/control/get-initial-config?project=familytown', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'down' }) }),
    );
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    await expect
      .poll(() => hostMessages(page))
      .toEqual([expect.objectContaining({ data: { type: 'authResult', result: { isError: true, errorCode: 1012, session } } })]);
    await expect(frame.getByText('Could not load the project settings.')).toHaveCount(0);
    // Told once, however many screens of the flow the player opens.
    await openEmailForm(frame);
    await expect(frame.getByLabel('E-mail', { exact: true })).toBeVisible();
    expect(await hostMessages(page)).toHaveLength(1);
  });

  test('a host on an origin that is not allowed receives nothing', async ({ page, request, otherHost }) => {
    const player = await registerPlayer(request, 'embed-denied');
    const { loginUrl } = await hostSession(request, 'familytown');
    const refused: string[] = [];
    page.on('console', (entry) => {
      if (/frame-ancestors/i.test(entry.text())) refused.push(entry.text());
    });
    await page.goto(otherHost.pageUrl(`${loginUrl}/${encodeURIComponent(player.jwt)}`));
    // The browser refuses to show the portal there (CSP frame-ancestors), so its screens never run.
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.frameLocator('#service').getByRole('button', { name: 'Close' })).toHaveCount(0);
    // A jwt check would have answered authExist at once in an allowed host.
    await page.waitForTimeout(2500);
    expect(await hostMessages(page)).toEqual([]);
  });

  test('redirect projects (neuroarena) end the framed sign-in on /session/loginDone with the encoded result', async ({
    page,
    request,
    allowedHost,
  }) => {
    const player = await registerPlayer(request, 'embed-redirect');
    const { loginUrl, session } = await hostSession(request, 'neuroarena');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    await openEmailForm(frame);
    await frame.getByLabel('E-mail', { exact: true }).fill(player.email);
    await frame.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
    await frame.getByRole('button', { name: 'Sign in' }).click();

    let doneUrl: string | undefined;
    await expect
      .poll(
        () =>
          (doneUrl = page
            .frames()
            .find((f) => f.url().includes('/session/loginDone/'))
            ?.url()) ??
          page
            .frames()
            .map((f) => f.url())
            .join(' '),
        {
          timeout: 15_000,
        },
      )
      .toMatch(/\/session\/loginDone\/[A-Za-z0-9_-]+$/);
    const result = decodeResultSegment(new URL(doneUrl!).pathname.split('/')[3]!);
    expect(result).toMatchObject({ isError: false, currentAuthType: 'email', userId: player.userId, session });
    expect(typeof result.jwt).toBe('string');
    // Redirect mode posts nothing.
    expect(await hostMessages(page)).toEqual([]);
  });

  test('a framed payment screen closed through the header: the host gets paymentResult 4000', async ({ page, request, allowedHost }) => {
    const player = await registerPlayer(request, 'embed-pay');
    const payment = await createPayment(request, { project: 'familytown', userId: player.userId });
    await signInBrowser(page, player);
    // The host passes the player's jwt in the path: a frame on another site may not share storage.
    await page.goto(allowedHost.pageUrl(`${payment.paymentUrl}/web/en/familytown/${player.jwt}`));
    const frame = page.frameLocator('#service');
    await frame.getByRole('banner').getByRole('button', { name: 'Close' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => hostMessages(page))
      .toContainEqual(
        expect.objectContaining({
          data: {
            type: 'paymentResult',
            result: expect.objectContaining({ paymentId: payment.paymentId, isError: true, errorCode: 4000 }),
          },
        }),
      );
  });

  test('outside sign-in never runs in the frame: it opens a popup window', async ({ page, request, allowedHost }) => {
    const { loginUrl } = await hostSession(request, 'familytown');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    const popupOpened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Continue with Google' }).first().click();
    const popup = await popupOpened;
    // The popup goes through /passport/google to the provider (here the local OIDC stand-in).
    await expect.poll(() => popup.url()).toMatch(/\/(passport\/google\?state=|local-oidc\/)/);
    expect(page.url().startsWith(allowedHost.origin)).toBe(true);
    expect(page.frames().some((f) => /passport|local-oidc/.test(f.url()))).toBe(false);
    // The frame stays on the method list, polling for the popup's result.
    await expect(frame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await popup.close();
  });

  test('a frame whose storage the browser blocks offers storage access, else the screen in a first-party window', async ({
    page,
    request,
    allowedHost,
  }) => {
    const { loginUrl } = await hostSession(request, 'familytown');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    await expect(frame.getByRole('button', { name: 'Close' })).toBeVisible();
    const blocked = await page.frames()[1]!.evaluate(() => {
      try {
        localStorage.setItem('probe', '1');
        return false;
      } catch {
        return true;
      }
    });
    const notice = frame.getByRole('status').filter({ hasText: 'Your browser does not let this window remember you.' });
    if (!blocked) {
      // This browser partitions instead of blocking: nothing to ask.
      await expect(notice).toHaveCount(0);
      return;
    }
    await expect(notice).toBeVisible();
    const popups: Page[] = [];
    page.on('popup', (popup) => popups.push(popup));
    await notice.getByRole('button', { name: 'Allow access' }).click();
    // Granted, the notice goes; refused, the same screen opens first-party (a window, from a click).
    await expect
      .poll(
        async () =>
          popups.length > 0 ||
          (await notice.count()) === 0 ||
          (await notice.getByRole('button', { name: 'Continue in a new window' }).count()) > 0,
      )
      .toBe(true);
    if (popups.length === 0 && (await notice.count()) > 0) await notice.getByRole('button', { name: 'Continue in a new window' }).click();
    if ((await notice.count()) > 0) {
      await expect.poll(() => popups.length).toBe(1);
      await expect.poll(() => new URL(popups[0]!.url()).pathname).toBe(new URL(loginUrl).pathname);
      await expect(popups[0]!.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('a mobile webview (source mobile) gets the result page even for a postMessage project', async ({ page, request }) => {
    const player = await registerPlayer(request, 'embed-mobile');
    const { loginUrl, session } = await hostSession(request, 'familytown', 'mobile');
    await page.goto(loginUrl);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Close' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/session\/loginDone\/[A-Za-z0-9_-]+$/);
    const result = decodeResultSegment(new URL(page.url()).pathname.split('/')[3]!);
    expect(result).toMatchObject({ isError: false, currentAuthType: 'email', userId: player.userId, session });
    // A loader-only page: no header.
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('support in a webview, closed through the header, ends on /support/done with 5000', async ({ page }) => {
    await page.goto('/support/tickets?source=mobile');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('My Tickets')).toBeVisible();
    await banner.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Do you want to return to the game?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/support\/done\/[A-Za-z0-9_-]+$/);
    expect(decodeResultSegment(new URL(page.url()).pathname.split('/')[3]!)).toEqual({ isError: true, errorCode: 5000, session: null });
  });
});

/**
 * Windows the screens open from inside a host's frame on another site: the frame keeps its
 * handle on them (their pages answer COOP unsafe-none), so a sign-in or a payment finished in
 * them after a while still reaches the host, and only a window really closed counts as closed.
 */
test.describe('popups of a screen framed by another site', () => {
  test.slow();

  test('an outside sign-in finished 10 s after its window opened hands authResult success to the host', async ({
    page,
    request,
    allowedHost,
  }) => {
    const { loginUrl, session } = await hostSession(request, 'familytown');
    await page.goto(allowedHost.pageUrl(loginUrl));
    const frame = page.frameLocator('#service');
    const popupOpened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Continue with Google', exact: true }).click();
    const popup = await popupOpened;
    await expect(popup.getByLabel('Display name')).toBeVisible();
    // The player takes their time; the frame must neither give up nor read the window as closed.
    await page.waitForTimeout(10_000);
    expect(await hostMessages(page)).toEqual([]);
    await expect(frame.getByText('Finish signing in in the window that opened.')).toBeVisible();
    await popup.getByLabel('Display name').fill('Framed Player');
    await popup.getByLabel('E-mail', { exact: true }).fill(`framed-${Date.now()}@players.example`);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => hostMessages(page), { timeout: 30_000 })
      .toContainEqual(
        expect.objectContaining({
          data: { type: 'authResult', result: expect.objectContaining({ isError: false, currentAuthType: 'google', session }) },
        }),
      );
    const result = (await hostMessages(page)).find((message) => message.data.type === 'authResult')!.data.result!;
    // The host holds its own token of the player, for its project.
    const check = (await (await request.get(`/api/auth/check/${String(result.jwt)}`)).json()) as { data: { result: boolean } };
    expect(check.data.result).toBe(true);
    const profile = await request.get('/api/user/get-profile', { headers: { authorization: `Bearer ${String(result.jwt)}` } });
    expect(profile.status()).toBe(401);
  });

  /** The framed payment screen of a new payment, at its Yandex Pay window. */
  async function framedYandexPay(page: Page, request: Parameters<typeof registerPlayer>[0], allowedHostUrl: (src: string) => string) {
    const player = await registerPlayer(request, 'embed-yandex');
    const payment = await createPayment(request, { project: 'familytown', userId: player.userId });
    await signInBrowser(page, player);
    await page.goto(allowedHostUrl(`${payment.paymentUrl}/web/en/familytown/${player.jwt}`));
    const frame = page.frameLocator('#service');
    await chooseMethod(frame, /Yandex Pay/);
    await frame.getByLabel('E-mail for the receipt').fill(player.email);
    await frame.getByRole('button', { name: 'Continue' }).click();
    const windowOpened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerPage = await windowOpened;
    await expect(frame.getByRole('dialog', { name: 'Payment status' }).getByText('Your payment is being processed')).toBeVisible();
    return { frame, providerPage, paymentId: payment.paymentId };
  }

  test('a Yandex Pay payment paid in its window after 10 s ends paid for the host', async ({ page, request, allowedHost }) => {
    const { frame, providerPage, paymentId } = await framedYandexPay(page, request, allowedHost.pageUrl);
    await expect(providerPage.getByText('Test mode')).toBeVisible();
    await page.waitForTimeout(10_000);
    // Still waiting: the open window was not taken for a closed one, nothing was cancelled.
    await expect(frame.getByRole('dialog', { name: 'Payment status' }).getByText('Your payment is being processed')).toBeVisible();
    await providerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(frame.getByRole('dialog', { name: 'Payment status' }).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await frame.getByRole('dialog', { name: 'Payment status' }).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => hostMessages(page))
      .toContainEqual(
        expect.objectContaining({
          data: { type: 'paymentResult', result: expect.objectContaining({ paymentId, status: 'paid', isError: false }) },
        }),
      );
  });

  test('a Yandex Pay window really closed by the player ends as none', async ({ page, request, allowedHost }) => {
    const { frame, providerPage, paymentId } = await framedYandexPay(page, request, allowedHost.pageUrl);
    await providerPage.close();
    const status = frame.getByRole('dialog', { name: 'Payment status' });
    await expect(status.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await status.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => hostMessages(page))
      .toContainEqual(
        expect.objectContaining({ data: { type: 'paymentResult', result: expect.objectContaining({ paymentId, status: 'none' }) } }),
      );
  });
});
