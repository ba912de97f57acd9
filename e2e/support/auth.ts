import { test as base, expect, type Page } from '@playwright/test';
import { startProduct } from './product';
import { codeOf, startSmtpCatcher } from './smtp';

type Mailbox = Awaited<ReturnType<typeof startSmtpCatcher>>;

/**
 * A product of its own for the sign-in tests (one per worker), mailing through a real SMTP
 * server the test started, so registration and recovery codes are read from real letters.
 */
export const test = base.extend<{ mailbox: Mailbox }, { product: { baseURL: string; mailbox: Mailbox } }>({
  product: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = await startSmtpCatcher();
      // Every browser test comes from one address: the server's own per-IP failure limit and the
      // sign-in rate limit (both tested in the server suite) are lifted, so the widget shows by the
      // browser's counter alone and no test waits on another's budget.
      const product = await startProduct({ SMTP_URL: mailbox.url, FAILED_ATTEMPT_LIMIT: '1000', AUTH_RATE_LIMIT_MAX: '100000' });
      await use({ baseURL: product.baseURL, mailbox });
      await product.stop();
      await mailbox.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ product }, use) => use(product.baseURL),
  mailbox: async ({ product }, use) => use(product.mailbox),
});

export { expect };

let counter = 0;
/** A fresh address for each account a test makes. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@players.example`;

export const PASSWORD = 'Secret2024';

/** Ticks the robot check and waits until the widget reports it solved. */
export async function solveCaptcha(page: Page): Promise<void> {
  const box = page.getByRole('checkbox', { name: /not a robot/i });
  await expect(box).toBeVisible({ timeout: 15_000 });
  // The label, as a person clicks it. Until the widget's code is in, it is the box drawn in
  // the widget's place (a tick loads the widget, which then checks at once); once the form was
  // used, the widget itself may take the box's place at any moment, and draws its own tick over
  // its input. The label is there and clickable in both.
  await page
    .locator('.captcha-widget')
    .getByText(/not a robot/i)
    .click();
  // A proof of work: the hard one (an address over the limit) takes a loaded 2-core machine
  // running two browsers and two products well over 20 s.
  await expect(page.locator('altcha-widget')).toContainText(/Verified/, { timeout: 90_000 });
}

/** Registers through the screens and confirms with the code from the letter. */
export async function register(page: Page, mailbox: Mailbox, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/session/registration');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /personal data/i }).check();
  await solveCaptcha(page);
  const before = mailbox.countFor(email);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  const mail = await mailbox.waitForMail(email, { since: before });
  await page.getByLabel('Code from the e-mail').fill(codeOf(mail));
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Opens the account menu and signs out. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

/**
 * Plants a token the server refuses (as an expired or revoked one), with a stored player, on a
 * page of the origin without the app, which would otherwise react to it (and forget it) before
 * the screen under test opens.
 */
export async function plantStaleToken(page: Page): Promise<void> {
  await page.goto('/docs/EnContacts.html');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'not-a-real-token');
    localStorage.setItem(
      'webAuthData',
      JSON.stringify({ userId: '00000000-0000-4000-8000-000000000000', nickName: 'Ghost', currentAuthType: 'email' }),
    );
  });
}
