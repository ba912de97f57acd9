import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createPayment, registerPlayer, signInBrowser } from '../support/api';
import { SUPPORT_EMAIL, mailTo, payInSandbox, waitForReceipt } from '../support/rcpt';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

test.describe('purchase history', () => {
  test('a paid purchase: found in the history, opened, id copied, PDF receipt, help letter to support', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const player = await registerPlayer(request, 'rcpt');
    const { paymentId } = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-100' });
    await payInSandbox(request, player, paymentId);
    await signInBrowser(page, player);

    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Your purchases' }).getByRole('button', { name: /Bag of coins/ });
    await expect(row).toContainText(today());
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('79 ₽');
    // Paid is green.
    await expect(row.getByText('Paid')).toHaveCSS('color', 'rgb(76, 175, 80)');

    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(paymentId)).toBeVisible();
    await expect(page.getByText('Debit card')).toBeVisible();
    await expect(page.getByText('Family Town', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Copy ID' }).click();
    await expect(page.getByText('Payment ID copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(paymentId);

    // The receipt: made by a job after the payment became paid, opened in a new tab.
    await waitForReceipt(request, player, paymentId);
    const pdfResponse = context.waitForEvent('response', (response) => response.url().includes(`/api/user/receipts/${paymentId}.pdf`));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open receipt' }).click();
    const tab = await popup;
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain('inline');
    const pdf = await request.get(response.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab.close();
    // The link opens for the bearer of the link only while it lasts; a forged one does not.
    const forged = await request.get(response.url().replace(/\.([\w-]{10})/, '.AAAAAAAAAA'));
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    expect(forged.status()).toBeLessThan(500);

    // Help about the payment.
    await page.getByRole('button', { name: 'Ask for help' }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/help\\?id=${paymentId}$`));
    await expect(page.getByRole('heading', { name: 'Payment support request' })).toBeVisible();
    await expect(page.getByText(player.userId)).toBeVisible();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await page.getByRole('radio', { name: 'Drop not credited' }).check();
    const email = page.getByRole('textbox', { name: 'E-mail for feedback' });
    await email.fill('wrong@');
    await send.click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('helper-reply@players.example');
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Request sent' });
    await expect(dialog).toBeVisible();

    // Other specs may write to support at the same time: the letter is the one about this payment.
    const letterAbout = async () => (await mailTo(request, SUPPORT_EMAIL)).filter((mail) => mail.subject.includes(paymentId));
    await expect.poll(async () => (await letterAbout()).length).toBe(1);
    const [letter] = await letterAbout();
    expect(letter!.to).toBe(SUPPORT_EMAIL);
    expect(letter!.subject).toContain(paymentId);
    for (const expected of [
      `Player ID: ${player.userId}`,
      `Payment ID: ${paymentId}`,
      'helper-reply@players.example',
      'Не начислен дроп',
      'Amount: 79.00 RUB',
      'Status: paid',
    ]) {
      expect(letter!.text).toContain(expected);
    }

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/games\/en\/$/);
  });

  test('a new player sees the no-purchases stub', async ({ page, request }) => {
    const player = await registerPlayer(request, 'rcpt-new');
    await signInBrowser(page, player);
    await page.goto('/transactions');
    await expect(page.getByText('You have not bought anything yet')).toBeVisible();
    const art = page.locator('img[src="/main_images/no-purchases.svg"]');
    await expect(art).toBeVisible();
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('the history (an unpaid purchase in red, opened) and the help form have no accessibility violations', async ({ page, request }) => {
    // Several axe passes over full pages: on a loaded machine they take their time.
    test.setTimeout(180_000);
    const player = await registerPlayer(request, 'rcpt-a11y');
    const { paymentId } = await createPayment(request, { userId: player.userId, priceId: 'ft-gems-50' });
    // Started and cancelled: an unpaid purchase (a payment never started is an offer, not in the history).
    const headers = { authorization: `Bearer ${player.jwt}` };
    expect((await request.get(`/api/payments/yookassa/create/${paymentId}`, { headers })).ok()).toBe(true);
    const cancelled = await request.post(`/api/payments/sandbox/${paymentId}/complete`, { headers, data: { outcome: 'canceled' } });
    expect(await cancelled.json()).toEqual({ data: { status: 'none' } });
    await signInBrowser(page, player);
    await page.goto('/transactions');
    const row = page.getByRole('button', { name: /Handful of gems/ });
    await expect(row.getByText('Not paid')).toHaveCSS('color', 'rgb(255, 107, 107)');
    await row.click();
    await expect(page.getByText(paymentId)).toBeVisible();
    // Not paid: no receipt to open, and the row says why.
    await expect(page.getByRole('button', { name: 'Open receipt' })).toBeDisabled();
    await expect(page.getByText('A receipt is available once the purchase is paid.')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole('button', { name: 'Ask for help' }).click();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('textbox', { name: 'E-mail for feedback' }).fill('bad');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  });

  test('signed out, the history and the help form lead to the start page', async ({ page }) => {
    await page.goto('/transactions');
    await expect(page).toHaveURL(/\/games\/en\/$/);
    await page.goto('/transactions/help?id=0f8fad5b-d9cb-469f-a165-70867728950e');
    await expect(page).toHaveURL(/\/games\/en\/$/);
  });
});
