import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerPlayer, staffHeaders } from '../support/api';
import { payInSandbox } from '../support/rcpt';
import { staffSignIn } from '../support/staff';

const utcToday = () => new Date().toISOString().slice(0, 10);

/** What a game server does with its key: a payment for the player and an item. */
async function gameServerPays(request: APIRequestContext, key: string, userId: string, priceId: string): Promise<string> {
  const response = await request.post('/api/v1/payments', { headers: { authorization: `Bearer ${key}` }, data: { userId, priceId } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { paymentId: string }).paymentId;
}

/** The payment's amount in minor units, as the money API reads it. */
async function amountOf(request: APIRequestContext, headers: Record<string, string>, paymentId: string) {
  const response = await request.get(`/api/staff/money/payments/${paymentId}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { payment: { amountMinor: number; currency: string; status: string } } };
  return data.payment;
}

test.describe('the publisher runs a new game from the console', () => {
  test('a new item is sold through a key made in the console; a price edit changes new payments only; revenue and its CSV show the sale', async ({
    page,
    request,
  }) => {
    // Catalogue, integrations, money pages and a sandbox payment in one run.
    test.setTimeout(180_000);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const project = `e2ejour${stamp}`;
    const priceId = `${project}-gems`;
    const headers = await staffHeaders(request);

    // The project and its item, as the catalogue editor's API makes them.
    const created = await request.post('/api/staff/catalog/projects', {
      headers,
      data: { name: project, authMethods: ['mail'], paymentsMethods: ['yookassa', 'stripe'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const item = await request.post(`/api/staff/catalog/projects/${project}/prices`, {
      headers,
      data: { id: priceId, enTitle: '30 gems', ruTitle: '30 самоцветов', enValue: 1.49, ruValue: 99 },
    });
    expect(item.status(), await item.text()).toBe(201);

    // A game-server key made on the integrations page, shown once.
    await staffSignIn(page);
    const nav = page.getByRole('navigation', { name: 'Staff navigation' });
    await nav.getByRole('link', { name: 'Projects' }).click();
    await page.getByLabel('Project', { exact: true }).selectOption(project);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const keyField = page.getByLabel('New API key');
    await expect(keyField).not.toHaveValue('');
    const key = await keyField.inputValue();

    // The game server sells the new item; the player pays it.
    const player = await registerPlayer(request, 'journey');
    const paid = await gameServerPays(request, key, player.userId, priceId);
    await payInSandbox(request, player, paid);
    expect(await amountOf(request, headers, paid)).toMatchObject({ amountMinor: 9900, currency: 'RUB', status: 'paid' });

    // The price goes up in the catalogue editor.
    await nav.getByRole('link', { name: 'Catalogue' }).click();
    await page
      .getByRole('table', { name: /^Projects/ })
      .getByRole('link', { name: project })
      .click();
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Prices' }).click();
    await page.getByRole('button', { name: `Edit ${priceId}` }).click();
    const editor = page.getByRole('form', { name: `Item ${priceId}` });
    await editor.getByLabel('Price in roubles').fill('149');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('table', { name: 'Items (1)' })).toContainText('149');

    // A new payment takes the new price; the paid one keeps its own.
    const later = await gameServerPays(request, key, player.userId, priceId);
    const createdLater = await request.get(`/api/payments/yookassa/create/${later}`, {
      headers: { authorization: `Bearer ${player.jwt}` },
    });
    expect(createdLater.ok(), await createdLater.text()).toBe(true);
    expect(await amountOf(request, headers, later)).toMatchObject({ amountMinor: 14900, currency: 'RUB' });
    expect(await amountOf(request, headers, paid)).toMatchObject({ amountMinor: 9900, status: 'paid' });

    // Revenue of the project today: the one paid sale, on the page and in its CSV. The key made
    // here is a test key (outside production): its sale counts as test money.
    const today = utcToday();
    await nav.getByRole('link', { name: 'Revenue' }).click();
    await page.getByLabel('Show test data (test keys, sandbox)').check();
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('Project', { exact: true }).selectOption(project);
    await page.getByLabel('Currency', { exact: true }).selectOption('RUB');
    await page.getByRole('button', { name: 'Show' }).click();
    // The previous report stays on screen, marked busy, until the filtered one arrives.
    const revenueTable = page.getByRole('table', { name: /Revenue per day, project and currency/ });
    await expect(revenueTable).not.toHaveAttribute('aria-busy', 'true');
    const todayRow = revenueTable.getByRole('row', { name: new RegExp(today) });
    await expect(todayRow).toHaveCount(1);
    await expect(todayRow).toContainText(project);
    // Cells: project, currency, payments, gross, refunds, disputes, net.
    await expect(todayRow.getByRole('cell').nth(3)).toHaveText(/^99\s?₽$/);
    await expect(todayRow.getByRole('cell').last()).toHaveText(/^99\s?₽$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = (await readFile(await (await download).path(), 'utf8')).split('\r\n');
    expect(lines).toContain(`${today},${project},RUB,1,99.00,0.00,0.00,99.00`);
  });
});
