import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { plantStaleToken } from '../support/auth';
import { openEmailForm } from '../support/email-form';

/**
 * How the sign-in screens end a host's session when something fails: in redirect mode (a
 * redirect project, or any project from a mobile source) the failure goes to
 * /session/loginDone/:result with isError true, as a success does.
 */

const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;

async function hostSession(request: APIRequestContext, project: string, source: string): Promise<{ loginUrl: string; session: string }> {
  const response = await request.post('/api/session/get', { data: { source, locale: 'en', project } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { loginUrl: string; session: string } }).data;
}

/** The result the page ended on, once it is on /session/loginDone/:result. */
async function loginDoneResult(page: Page): Promise<Record<string, unknown>> {
  await expect(page).toHaveURL(/\/session\/loginDone\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
  return decode(new URL(page.url()).pathname.split('/')[3]!);
}

/** The e-mail sign-in whose call fails on the server's side. */
async function failEmailLogin(page: Page): Promise<void> {
  await page.route('**/api/auth/login-by-email', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
  );
  await openEmailForm(page);
  await page.getByLabel('E-mail', { exact: true }).fill('someone@players.example');
  await page.getByLabel('Password', { exact: true }).fill('Secret2024');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('auth failures in redirect and mobile modes', () => {
  test('a redirect project: a failed e-mail login (1001) ends on loginDone with isError', async ({ page, request }) => {
    const session = await hostSession(request, 'neuroarena', 'web');
    await page.goto(session.loginUrl);
    await failEmailLogin(page);
    expect(await loginDoneResult(page)).toEqual({ isError: true, errorCode: 1001, session: session.session });
  });

  test('a mobile source of a postMessage project: the same failure ends on loginDone', async ({ page, request }) => {
    const session = await hostSession(request, 'familytown', 'android');
    await page.goto(session.loginUrl);
    await failEmailLogin(page);
    expect(await loginDoneResult(page)).toEqual({ isError: true, errorCode: 1001, session: session.session });
  });

  test('a redirect project: the sign-in window closed without a result (1011) ends on loginDone', async ({ page, request }) => {
    const session = await hostSession(request, 'neuroarena', 'web');
    await page.goto(session.loginUrl);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const window = await popup;
    await window.waitForLoadState();
    await window.close();
    expect(await loginDoneResult(page)).toEqual({ isError: true, errorCode: 1011, session: session.session });
  });

  test('a redirect project: a host token that cannot be checked (1012) ends on loginDone', async ({ page, request }) => {
    const session = await hostSession(request, 'neuroarena', 'web');
    await page.route('**/api/auth/check/**', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
    );
    await page.goto(`${session.loginUrl}/some.host.token`);
    expect(await loginDoneResult(page)).toEqual({ isError: true, errorCode: 1012, session: session.session });
  });
});

test.describe('a session the server does not know', () => {
  test('unknown or malformed: every sign-in screen says "Session not found" and offers nothing', async ({ page }) => {
    const unknown = '0b7c2d9e-6a53-4c1e-9d0f-3f2a1b4c5d6e';
    for (const path of [
      `/session/login/${unknown}/web/en/familytown`,
      `/session/login/email/${unknown}/web`,
      `/session/registration/${unknown}/web`,
      `/auth/recovery-password/${unknown}/web`,
      '/session/login/not-a-session/web/en/familytown',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Session not found' }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Continue with e-mail' })).toHaveCount(0);
      await expect(page.getByLabel('E-mail', { exact: true })).toHaveCount(0);
    }
    // Nothing of it was kept for a later sign-in.
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  test('a known session shows the screens', async ({ page, request }) => {
    const session = await hostSession(request, 'familytown', 'web');
    await page.goto(session.loginUrl);
    await expect(page.getByRole('link', { name: 'Continue with e-mail' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Session not found' })).toHaveCount(0);
  });
});

test.describe('a refused token on the support and purchase screens of a host', () => {
  for (const path of ['/support/tickets?source=mobile', '/transactions?source=mobile']) {
    test(`${path} ends on /unauthorized/<result> (3001), not on the portal's login`, async ({ page }) => {
      await plantStaleToken(page);
      await page.goto(path);
      await expect(page).toHaveURL(/\/unauthorized\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
      expect(decode(new URL(page.url()).pathname.split('/')[2]!)).toMatchObject({ isError: true, errorCode: 3001 });
      await expect(page.getByRole('alert').filter({ hasText: 'UNAUTHORIZED! INVALID_TOKEN!' })).toHaveCount(0);
    });
  }
});
