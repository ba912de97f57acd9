import { test, expect, register, logout, plantStaleToken, solveCaptcha, uniqueEmail, PASSWORD } from '../support/auth';
import { codeOf } from '../support/smtp';

test.describe('accounts in the browser', () => {
  // Registering (proof of work, mail over SMTP) and the sign-in tries take longer than a page check.
  test.slow();
  test('registers, confirms with the mailed code, is signed in, logs out and signs in again', async ({ page, mailbox }) => {
    const email = uniqueEmail('reg');
    await register(page, mailbox, email);

    // Signed in: back on the portal with the nickname and the account menu.
    const banner = page.getByRole('banner');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    const menuButton = banner.getByRole('button', { name: 'Account menu' });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(banner.getByText('Signed in with e-mail')).toBeVisible();
    await expect(banner.getByText(/User ID/)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Purchase history' })).toBeVisible();
    await menuButton.click();
    await logout(page);

    // The same account signs in with its password.
    await page.goto('/session/login/email');
    await page.getByLabel('E-mail', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(banner.getByRole('button', { name: 'Account menu' })).toBeVisible();
    // A signed-in visitor is sent away from the login list.
    await page.goto('/session/login');
    await expect(page).toHaveURL(/\/games\/en\/$/);
  });

  test('registration checks its fields, and back from the code step clears the password', async ({ page, mailbox }) => {
    await page.goto('/session/registration');
    await page.getByRole('button', { name: 'Register' }).isDisabled();
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Enter your e-mail')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByText('Confirm your consent to the processing of personal data')).toBeVisible();
    await expect(page.getByRole('link', { name: 'personal data policy', exact: true })).toHaveAttribute(
      'href',
      '/docs/EnPersonalData.html',
    );

    const email = uniqueEmail('back');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Incorrect password format')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /personal data/i }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
    await mailbox.waitForMail(email);

    // The resend countdown runs as mm:ss and keeps the button disabled.
    await expect(page.getByText(/New code in \d\d:\d\d/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the code again' })).toBeDisabled();

    // A malformed code is refused on the spot.
    await page.getByLabel('Code from the e-mail').fill('12ab');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Code is not valid')).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('wrong passwords count until the robot check shows; solved, the sign-in goes through', async ({ page, mailbox, request }) => {
    const email = uniqueEmail('robot');
    await register(page, mailbox, email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logout(page);

    const config = (await (await request.get('/api/control/get-initial-config')).json()) as {
      data: { projects: { extra: { id: string; value: unknown }[] } };
    };
    const limit = Number(config.data.projects.extra.find((item) => item.id === 'failedAttemptLimit')?.value ?? 5);

    await page.goto('/session/login/email');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(`Wrong${attempt}pass`);
      await expect(signIn).toBeEnabled();
      await signIn.click();
      // The reaction to a wrong password: a toast, and the password field is emptied.
      await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password' }).first()).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    }
    expect(await page.evaluate(() => localStorage.getItem('attempt'))).toBe(String(limit));

    // At the limit: the robot check, and the button waits for it.
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(signIn).toBeDisabled();
    await solveCaptcha(page);
    await expect(signIn).toBeEnabled();
    await signIn.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('attempt'))).toBe('0');
  });

  test('an unknown e-mail empties both fields', async ({ page }) => {
    await page.goto('/session/login/email');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'User with this email does not exist' }).first()).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('recovers a password with the mailed code and signs in with the new one', async ({ page, mailbox }) => {
    const email = uniqueEmail('recover');
    await register(page, mailbox, email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logout(page);

    await page.goto('/session/login/email');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
    const before = mailbox.countFor(email);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await mailbox.waitForMail(email, { since: before });

    await page.getByLabel('Code from the e-mail').fill(codeOf(mail) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Code is not valid')).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill(codeOf(mail));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.getByLabel('New password').fill('NewSecret77');
    await page.getByLabel('Repeat the password').fill('NewSecret78');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password mismatch! Try again')).toBeVisible();
    await page.getByLabel('Repeat the password').fill('NewSecret77');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password updated successfully' }).first()).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Sign in with e-mail' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('NewSecret77');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('signs in through the local sign-in provider in a popup and logs out', async ({ page }) => {
    await page.goto('/games/en/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google', exact: true }).click();
    const popup = await popupPromise;
    await popup.getByLabel('Display name').fill('Popup Player');
    await popup.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('popup'));
    await popup.getByRole('button', { name: 'Continue' }).click();

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
    // The nickname the server gave the new player shows in the header.
    const nickName = await page.evaluate(() => (JSON.parse(localStorage.getItem('webAuthData') ?? '{}') as { nickName?: string }).nickName);
    expect(nickName).toBeTruthy();
    await expect(banner.getByText(nickName!, { exact: true })).toBeVisible();
    // Back where the visitor came from.
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await expect(banner.getByText('Signed in with Google')).toBeVisible();
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await logout(page);
    await expect(banner.getByText(nickName!, { exact: true })).toHaveCount(0);
  });

  test('closing the sign-in window stops the wait', async ({ page }) => {
    await page.goto('/session/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Yandex' }).click();
    const popup = await popupPromise;
    await expect(page.getByText('Finish signing in in the window that opened.')).toBeVisible();
    await popup.close();
    await expect(page.getByRole('alert').filter({ hasText: 'The sign-in window was closed.' }).first()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Finish signing in in the window that opened.')).toHaveCount(0);
  });

  test('a stale token is removed with the UNAUTHORIZED toast and the login page', async ({ page }) => {
    await plantStaleToken(page);
    await page.goto('/account/profile');
    await expect(page.getByRole('alert').filter({ hasText: 'UNAUTHORIZED! INVALID_TOKEN!' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/session\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
