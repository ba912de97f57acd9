import { openEmailForm } from '../support/email-form';
import { test, expect, register, logout, uniqueEmail, PASSWORD } from '../support/auth';

/** base64url JSON of a result page, as the host reads it. */
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;

test.describe('sign-in for a game session', () => {
  test.slow();
  test('redirect projects end on /session/loginDone with the encoded auth result', async ({ page, mailbox, request }) => {
    const email = uniqueEmail('redirect');
    await register(page, mailbox, email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logout(page);

    const session = (
      (await (await request.post('/api/session/get', { data: { source: 'web', locale: 'en', project: 'neuroarena' } })).json()) as {
        data: { loginUrl: string; session: string };
      }
    ).data;
    await page.goto(session.loginUrl);
    // neuroarena offers google, vk, yandex and mail.
    await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await expect(page).toHaveURL(new RegExp(`/session/login/email/${session.session}/web$`));
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/session\/loginDone\/[A-Za-z0-9_-]+$/);
    const result = decode(new URL(page.url()).pathname.split('/')[3]!);
    expect(result).toMatchObject({ currentAuthType: 'email', session: session.session });
    expect(typeof result.jwt).toBe('string');
    const check = (await (await request.get(`/api/auth/check/${String(result.jwt)}`)).json()) as {
      data: { result: boolean; userId?: string };
    };
    expect(check.data).toMatchObject({ result: true, userId: result.userId });
  });

  test('postMessage projects hand the result to the framing page', async ({ page, mailbox, request }) => {
    const email = uniqueEmail('framed');
    await register(page, mailbox, email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logout(page);

    const session = (
      (await (await request.post('/api/session/get', { data: { source: 'web', locale: 'en', project: 'familytown' } })).json()) as {
        data: { loginUrl: string; session: string };
      }
    ).data;
    // A host page of the product's own origin frames the sign-in (frame-ancestors 'self').
    await page.goto('/games/en/');
    await page.evaluate((src) => {
      (window as unknown as { hostMessages: unknown[] }).hostMessages = [];
      window.addEventListener('message', (event) => (window as unknown as { hostMessages: unknown[] }).hostMessages.push(event.data));
      const frame = document.createElement('iframe');
      frame.id = 'sign-in-frame';
      frame.src = new URL(src).pathname;
      frame.style.cssText = 'width:600px;height:900px';
      document.body.append(frame);
    }, session.loginUrl);
    const frame = page.frameLocator('#sign-in-frame');
    await openEmailForm(frame);
    await frame.getByLabel('E-mail', { exact: true }).fill(email);
    await frame.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await frame.getByRole('button', { name: 'Sign in' }).click();

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages))
      .toContainEqual(
        expect.objectContaining({
          type: 'authResult',
          result: expect.objectContaining({ currentAuthType: 'email', session: session.session }),
        }),
      );
  });
});

test.describe('account screens', () => {
  test.slow();
  test('the profile saves a name and last name of 2 to 10 letters; deletion signs out and forgets the e-mail', async ({
    page,
    mailbox,
  }) => {
    const email = uniqueEmail('profile');
    await register(page, mailbox, email);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await expect(banner.getByText('Settings')).toHaveAttribute('aria-disabled', 'true');
    await banner.getByRole('link', { name: 'Profile' }).click();

    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('Last name').fill('Ivanova');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Use 2 to 10 letters')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Anna');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile saved' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Anna');

    await page.getByRole('link', { name: 'Delete account' }).click();
    const remove = page.getByRole('button', { name: 'Delete my account' });
    await expect(remove).toBeDisabled();
    await page.getByLabel('Yes, I want to delete my account and my personal data').check();
    await remove.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your account has been deleted' }).first()).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/session/login/email');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'User with this email does not exist' }).first()).toBeVisible();
  });
});
