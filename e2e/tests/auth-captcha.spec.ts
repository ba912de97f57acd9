import { test as base, expect } from '@playwright/test';
import { PLAYER_PASSWORD, registerPlayer, uniqueEmail } from '../support/api';
import { solveCaptcha } from '../support/auth';
import { startProduct } from '../support/product';

/**
 * The server counts failed sign-in tries per address as well as the browser does per visitor.
 * When the address is over the limit, a visitor whose own counter is 0 sees the robot check
 * before the first try, and that try is not spent on a refusal.
 */
const test = base.extend<object, { product: { baseURL: string } }>({
  product: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Its own product: the address count of the other specs' tries must not reach this one.
      const product = await startProduct({ FAILED_ATTEMPT_LIMIT: '3', AUTH_RATE_LIMIT_MAX: '100000', CODE_MAILS_PER_IP_HOUR: '100000' });
      await use({ baseURL: product.baseURL });
      await product.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ product }, use) => use(product.baseURL),
});

test('an address over the limit: a fresh visitor gets the robot check before the first try, which then signs in', async ({
  page,
  request,
}) => {
  test.slow();
  const player = await registerPlayer(request, 'captcha-first');
  await page.goto('/session/login/email');
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /not a robot/i })).toHaveCount(0);

  // Someone else at this address fails three times (the product's limit).
  for (let i = 0; i < 3; i++) {
    const answer = await request.post('/api/auth/login-by-email', { data: { email: uniqueEmail('stranger'), password: PLAYER_PASSWORD } });
    expect(answer.ok()).toBe(true);
  }

  // A visitor of this browser has no failed try of their own.
  await page.goto('/session/login/email');
  expect(await page.evaluate(() => localStorage.getItem('attempt') ?? '0')).toBe('0');
  await page.getByLabel('E-mail', { exact: true }).fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
  // The robot check is there before the try; the button waits for it; no "Too many attempts".
  await expect(page.getByRole('checkbox', { name: /not a robot/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await expect(page.getByText(/Too many attempts/)).toHaveCount(0);
  await solveCaptcha(page);
  const tries: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/login-by-email')) tries.push(response.status());
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  // One try, and it signed in.
  expect(tries).toEqual([200]);
  await expect(page.getByText(/Too many attempts/)).toHaveCount(0);
});

test('a registration from an address over the limit shows the robot check at the code step and completes', async ({ page, request }) => {
  test.slow();
  // Players behind one address (a school, a carrier) have failed enough for the server to ask.
  for (let i = 0; i < 3; i++) {
    const answer = await request.post('/api/auth/login-by-email', { data: { email: uniqueEmail('neighbour'), password: PLAYER_PASSWORD } });
    expect(answer.ok()).toBe(true);
  }
  const email = uniqueEmail('shared-address');
  await page.goto('/session/registration');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
  await page.getByRole('checkbox', { name: /personal data/i }).check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Register' }).click();

  // The code step: the check the server asks for is there, and the button waits for it.
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /not a robot/i })).toBeVisible();
  const mail = async () =>
    ((await (await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { data: Array<{ text: string }> }).data;
  await expect.poll(async () => (await mail()).length).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec((await mail())[0]!.text)![1]!;
  await page.getByLabel('Code from the e-mail').fill(code);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
});
