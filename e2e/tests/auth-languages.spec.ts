import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const LANGUAGES = ['ru', 'en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'] as const;

type Login = {
  title: string;
  emailTitle: string;
  registrationTitle: string;
  recoveryTitle: string;
  enterEmail: string;
  enterPassword: string;
  signIn: string;
  sendCode: string;
  methods: { mail: string };
};
const texts = (lng: string) =>
  (
    JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/public/locales/${lng}/translation.json`, import.meta.url)), 'utf8')) as {
      login: Login;
    }
  ).login;

// The screens as a host embeds them (a source in the path): the portal's own speak ru and en only.
test.describe('sign-in screens in all ten languages', () => {
  for (const lng of LANGUAGES) {
    test(`${lng}: headings and a validation message, chosen with the language switcher`, async ({ page, request }) => {
      const t = texts(lng);
      const created = await request.post('/api/session/get', { data: { source: 'web', locale: 'en', project: 'familytown' } });
      expect(created.ok()).toBe(true);
      const { session } = ((await created.json()) as { data: { session: string } }).data;
      await page.goto(`/session/login/${session}/web`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
      const switcher = page.getByRole('banner').getByRole('group');
      await switcher.getByRole('button', { name: lng.toUpperCase(), exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1, name: t.title, exact: true })).toBeVisible();

      // E-mail login: heading and the empty e-mail message.
      await page.getByRole('link', { name: t.methods.mail, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.emailTitle, exact: true })).toBeVisible();
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect(page.getByText(t.enterEmail, { exact: true })).toBeVisible();
      await expect(page.getByText(t.enterPassword, { exact: true })).toBeVisible();

      // Registration: its heading (submitting waits for the robot check).
      await page.goto(`/session/registration/${session}/web`);
      await expect(page.getByRole('heading', { level: 1, name: t.registrationTitle, exact: true })).toBeVisible();

      // Recovery: heading and the empty e-mail message.
      await page.goto(`/auth/recovery-password/${session}/web`);
      await expect(page.getByRole('heading', { level: 1, name: t.recoveryTitle, exact: true })).toBeVisible();
      await page.getByRole('button', { name: t.sendCode, exact: true }).click();
      await expect(page.getByText(t.enterEmail, { exact: true })).toBeVisible();
    });
  }
});
