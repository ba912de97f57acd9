import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { createPayment, registerPlayer, signInBrowser, staffHeaders } from '../support/api';
import { payInSandbox } from '../support/rcpt';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

async function download(page: Page, button: string): Promise<string[]> {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return (await readFile(await (await file).path(), 'utf8')).split('\r\n');
}

test.describe('refunds', () => {
  test('finance refunds half of a paid payment and then the rest: payment page, player history, revenue, both CSVs and two payment.refunded events', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const receiver = await startWebhookReceiver();
    try {
      // A project of this test's own, so its revenue and webhook are this test's alone.
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      const project = `refund${stamp}`;
      const priceId = `${project}-gems`;
      const headers = await staffHeaders(request);
      const created = await request.post('/api/staff/catalog/projects', {
        headers,
        data: { name: project, authMethods: ['mail'], paymentsMethods: ['yookassa'] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const item = await request.post(`/api/staff/catalog/projects/${project}/prices`, {
        headers,
        data: { id: priceId, enTitle: '30 gems', ruTitle: '30 самоцветов', enValue: 1.49, ruValue: 99 },
      });
      expect(item.status(), await item.text()).toBe(201);
      const hook = await request.put(`/api/staff/projects/${project}/webhook`, { headers, data: { url: receiver.url } });
      expect(hook.status(), await hook.text()).toBe(200);
      const finance = { email: `refunds-${stamp}@staff.example`, password: 'Finance-e2e-2026' };
      const member = await request.post('/api/staff/accounts', { headers, data: { ...finance, role: 'finance' } });
      expect(member.status(), await member.text()).toBe(201);

      const player = await registerPlayer(request, 'refund');
      const { paymentId } = await createPayment(request, { project, userId: player.userId, priceId });
      await payInSandbox(request, player, paymentId);

      // Half, from the payment's page, asked twice.
      // A finance member lands on the payments.
      await page.goto('/staff');
      await page.getByLabel('E-mail').fill(finance.email);
      await page.getByLabel('Password').fill(finance.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
      await page.goto(`/staff/payments/${paymentId}`);
      const form = page.getByRole('form', { name: 'Refund' });
      await expect(form).toContainText('99 ₽');
      await form.getByLabel('Refund amount (RUB)').fill('49.50');
      await form.getByLabel('Reason for the refund').fill('Half of the gems never arrived');
      await form.getByRole('button', { name: 'Refund' }).click();
      await expect(form.getByRole('group')).toContainText('Refund 49,50 ₽ to the player?');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Yes, refund' }).click();
      await expect(form.getByRole('status')).toHaveText('Refunded 49,50 ₽.');
      const refunds = page.getByRole('table', { name: 'Refunds' });
      await expect(refunds.getByRole('row', { name: /49,50 ₽/ })).toContainText('Half of the gems never arrived');
      await expect(page.getByRole('definition').filter({ hasText: '49,50 ₽' }).first()).toBeVisible();

      // The rest: what is left is the form's default.
      await expect(form.getByLabel('Refund amount (RUB)')).toHaveValue('49.50');
      await form.getByLabel('Reason for the refund').fill('The player asked for the rest');
      await form.getByRole('button', { name: 'Refund' }).click();
      await form.getByRole('button', { name: 'Yes, refund' }).click();
      await expect(refunds.getByRole('row')).toHaveCount(3);
      await expect(refunds).not.toContainText('Pending');
      // Nothing is left to refund: the form is gone, the payment reads 99 ₽ refunded.
      await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
      await expect(page.getByRole('term').filter({ hasText: 'Refunded' })).toBeVisible();
      await expectAccessible(page);

      // The game server heard of each refund once, under ids of their own.
      await expect.poll(() => receiver.received.filter((event) => event.type === 'payment.refunded').length, { timeout: 30_000 }).toBe(2);
      const events = receiver.received.filter((event) => event.type === 'payment.refunded');
      expect(new Set(events.map((event) => event.id)).size).toBe(2);
      expect(events.every((event) => event.data.paymentId === paymentId)).toBe(true);
      expect(events.map((event) => event.data.refund?.whole).sort()).toEqual([false, true]);

      // Revenue: 99 ₽ gross, 99 ₽ refunded, nothing net; its CSV says the same.
      const today = new Date().toISOString().slice(0, 10);
      // The sandbox's payments are test payments: shown with the test data switch, never as live money.
      await page.goto(`/staff/revenue?from=${today}&to=${today}&project=${project}`);
      await expect(page.getByText('No paid payments in these days.')).toBeVisible();
      await page.getByLabel('Show test data (test keys, sandbox)').check();
      const todayRow = page.getByRole('table', { name: /Revenue per day/ }).getByRole('row', { name: new RegExp(today) });
      await expect(todayRow).toContainText(/99 ₽.*99 ₽.*0 ₽.*0 ₽/);
      const revenueCsv = await download(page, 'Export CSV');
      expect(revenueCsv).toContain(`${today},${project},RUB,1,99.00,99.00,0.00,0.00`);

      // The per-payment CSV of a search for this payment.
      await page.goto(`/staff/payments?q=${paymentId}&mode=test`);
      await expect(page.getByText('Payments found: 1')).toBeVisible();
      const paymentsCsv = await download(page, 'Export CSV');
      expect(paymentsCsv[0]).toContain('payment_id,');
      const line = paymentsCsv.find((row) => row.startsWith(paymentId));
      expect(line).toMatch(/,RUB,99\.00,99\.00,0\.00$/);

      // The player sees the purchase refunded.
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const playerPage = await context.newPage();
      await signInBrowser(playerPage, player);
      await playerPage.goto('/transactions');
      const purchase = playerPage.getByRole('button', { name: /30 gems/ });
      await expect(purchase).toContainText('Refunded');
      await purchase.click();
      await expect(playerPage.getByRole('definition').filter({ hasText: '99 ₽' })).toBeVisible();
      await context.close();
    } finally {
      await receiver.close();
    }
  });
});
