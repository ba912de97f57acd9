import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createPayment, registerPlayer, staffHeaders } from '../support/api';
import { payInSandbox } from '../support/rcpt';
import { createSupportMember, staffSignIn } from '../support/staff';

const FINANCE_PASSWORD = 'Finance-e2e-2026';
const utcToday = () => new Date().toISOString().slice(0, 10);

/** A staff member of the finance role, added by the seeded admin. */
async function createFinanceMember(request: APIRequestContext) {
  const email = `finance-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@staff.example`;
  const response = await request.post('/api/staff/accounts', {
    headers: await staffHeaders(request),
    data: { email, password: FINANCE_PASSWORD, role: 'finance' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: FINANCE_PASSWORD };
}

/** Today's paid familytown roubles in minor units of test payments (the e2e keys are test keys), as the revenue API counts them. */
async function familytownRoublesToday(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const day = utcToday();
  const response = await request.get(`/api/staff/money/revenue?from=${day}&to=${day}&project=familytown&currency=RUB&mode=test`, {
    headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { totals: Array<{ amountMinor: number }> } };
  return data.totals[0]?.amountMinor ?? 0;
}

/** "1 264 ₽" or "1 499,50 ₽" in minor units. */
const roublesMinor = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test.describe('staff money pages', () => {
  test('a finance member finds a paid purchase, opens it, sees it in today’s revenue and in the CSV', async ({ page, request }) => {
    const finance = await createFinanceMember(request);
    const financeLogin = await request.post('/api/staff/login', { data: finance });
    const financeHeaders = { authorization: `Bearer ${((await financeLogin.json()) as { token: string }).token}` };
    const before = await familytownRoublesToday(request, financeHeaders);

    const player = await registerPlayer(request, 'money');
    const { paymentId } = await createPayment(request, { userId: player.userId, priceId: 'ft-coins-100' });
    await payInSandbox(request, player, paymentId);

    // A finance member lands on the payments; the inbox is not theirs.
    await page.goto('/staff');
    await page.getByLabel('E-mail').fill(finance.email);
    await page.getByLabel('Password').fill(finance.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/payments$/);
    const nav = page.getByRole('navigation', { name: 'Staff navigation' });
    await expect(nav.getByRole('link', { name: 'Revenue' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveCount(0);

    // Test payments (the sandbox's) show only with the switch: live money is the default.
    await page.getByLabel('Show test data (test keys, sandbox)').check();
    await expect(page).toHaveURL(/mode=test/);
    // By the player's e-mail: the search goes to the address and the one payment shows.
    const query = page.getByLabel('Payment ID, player ID or e-mail');
    await query.fill(player.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(player.email).replace(/[.]/g, '\\.')}`));
    await expect(page.getByText('Payments found: 1')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(paymentId) });
    await expect(row).toContainText('79 ₽');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('YooKassa');
    await expectNoSeriousAxeViolations(page);

    // By its id, at tablet width: nothing wider than the screen.
    await page.setViewportSize({ width: 768, height: 1024 });
    await query.fill(paymentId);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Payments found: 1')).toBeVisible();
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Its detail: the player's e-mail and the sandbox's YooKassa attempt.
    await row.getByRole('link', { name: paymentId }).click();
    await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: player.email }).first()).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Player e-mail' })).toBeVisible();
    const attempts = page.getByRole('table', { name: 'Provider attempts' });
    await expect(attempts.getByRole('row', { name: /YooKassa/ })).toContainText('79 ₽');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Back to payments' }).click();
    await expect(page).toHaveURL(/\/staff\/payments\?q=/);

    // Revenue: today in roubles of Family Town counts this payment.
    await page.setViewportSize({ width: 1280, height: 900 });
    await nav.getByRole('link', { name: 'Revenue' }).click();
    await expect(page.getByRole('heading', { name: 'Revenue' })).toBeVisible();
    await page.getByLabel('Show test data (test keys, sandbox)').check();
    const today = utcToday();
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('Project', { exact: true }).selectOption('familytown');
    await page.getByLabel('Currency', { exact: true }).selectOption('RUB');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}&project=familytown&currency=RUB`));
    const revenueTable = page.getByRole('table', { name: /Revenue per day, project and currency/ });
    await expect(revenueTable).not.toHaveAttribute('aria-busy', 'true');
    const todayRow = revenueTable.getByRole('row', { name: new RegExp(today) });
    await expect(todayRow).toHaveCount(1);
    await expect(todayRow).toContainText('familytown');
    // Cells: project, currency, payments, gross, refunds, disputes, net.
    const shown = roublesMinor((await todayRow.getByRole('cell').nth(3).textContent()) ?? '');
    expect(shown).toBeGreaterThanOrEqual(before + 7900);
    await expect(page.getByRole('list', { name: 'Totals per currency' })).toContainText('₽');
    await expect(page.getByRole('img', { name: new RegExp(`Net revenue per day in RUB, ${today}`) })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The CSV of the same filters, fetched with the staff token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`revenue-${today}-${today}-test.csv`);
    const lines = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe('day,project,currency,payments,amount,refunds,disputes,net');
    const line = lines.find((item) => item.startsWith(`${today},familytown,RUB,`));
    expect(line).toBeTruthy();
    expect(Math.round(Number(line!.split(',')[4]) * 100)).toBeGreaterThanOrEqual(before + 7900);
  });

  test('a support member gets no money navigation and no money page', async ({ page, request }) => {
    const member = await createSupportMember(request, 'nomoney');
    await staffSignIn(page, member);
    const nav = page.getByRole('navigation', { name: 'Staff navigation' });
    await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Revenue' })).toHaveCount(0);
    await page.goto('/staff/revenue');
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this page');
    const token = await page.evaluate(() => sessionStorage.getItem('staffToken'));
    const refused = await request.get('/api/staff/money/payments', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
  });
});
