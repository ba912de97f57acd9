import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, createPayment, registerPlayer, signInBrowser } from '../support/api';
import { createSupportMember, playerSends, staffSignIn } from '../support/staff';
import { fillTicketForm, makePng, ticketIdOf } from '../support/support-player';

test.describe('staff inbox', () => {
  test('a player’s ticket with an image is found, answered live, and closed in the staff inbox', async ({ page, browser, request }) => {
    // Two browsers and a live stream each way: more than the default 30 s under a loaded machine.
    test.setTimeout(90_000);
    // The player, in a browser of their own, writes through the support screens.
    const player = await registerPlayer(request, 'staffcase');
    await createPayment(request, { userId: player.userId, project: 'familytown' });
    const playerContext = await browser.newContext();
    const playerPage = await playerContext.newPage();
    await signInBrowser(playerPage, player);
    await playerPage.goto('/support/ticket/create');
    const title = `Drop not credited ${Date.now().toString(36)}`;
    await fillTicketForm(playerPage, { title, bold: 'Gems', rest: ' never came after I paid', image: makePng(8) });
    await playerPage.getByRole('button', { name: 'Create ticket' }).click();
    await expect(playerPage).toHaveURL(/\/support\/ticket\/[0-9a-f-]{36}$/);
    const ticketId = ticketIdOf(playerPage.url());

    await staffSignIn(page);
    // Unread first: the new ticket carries the player's unread message.
    const row = page.getByRole('link', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('familytown');
    await expect(row).toContainText(player.userId);
    await expect(row).toContainText('Unread: 1');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/staff/tickets/${ticketId}`));

    const ticket = page.getByRole('article');
    await expect(ticket.getByRole('heading', { name: title })).toBeVisible();
    const fromPlayer = ticket.getByRole('listitem', { name: 'Player' }).first();
    await expect(fromPlayer).toContainText('Gems never came after I paid');
    await expect(fromPlayer.locator('strong')).toHaveText('Gems');
    const image = fromPlayer.getByRole('img', { name: 'Attached image' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 8)).toBe(true);
    await expect(ticket.getByRole('listitem', { name: 'Automated' })).toContainText('Message received by the system');

    // Who wrote, how they sign in, what they paid (familytown sells in roubles).
    const card = page.getByRole('complementary');
    await expect(card).toContainText(player.userId);
    await expect(card).toContainText('Signed in with e-mail');
    await expect(card.getByRole('table')).toContainText('Not paid');
    await expect(card.getByRole('table')).toContainText('₽');

    // Reading it cleared the unread count in the inbox.
    await expect(row).not.toContainText('Unread');

    // The player leaves the chat for the catalogue before the answer comes.
    await playerPage.goto('/games/en/');
    const avatar = playerPage.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toBeVisible();

    // The reply, with the rich-text editor.
    const editor = page.getByRole('textbox', { name: 'Reply' });
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Credited');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' your gems, sorry for the wait');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const answer = ticket.getByRole('listitem', { name: 'Support' });
    await expect(answer).toContainText('Credited your gems, sorry for the wait');
    await expect(answer.locator('strong')).toHaveText('Credited');
    await expect(editor).toHaveText('');

    // The player sees the unread mark and the answer.
    await avatar.click();
    const supportEntry = playerPage.getByRole('region', { name: 'Account menu' }).getByRole('link', { name: /^Support/ });
    await expect(supportEntry).toContainText('1 unread messages', { timeout: 10_000 });
    await supportEntry.click();
    await playerPage.getByRole('link', { name: new RegExp(title) }).click();
    const chat = playerPage.getByRole('log', { name: 'Conversation' });
    const staffSays = chat.getByRole('article', { name: /^Support,/ });
    await expect(staffSays).toContainText('Credited your gems, sorry for the wait');
    await expect(staffSays.locator('strong')).toHaveText('Credited');

    // A player message reaches the open ticket in the console live (the staff event stream), no reload.
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
    expect((await playerSends(request, player, ticketId, 'Thank you, got them')).ok()).toBe(true);
    await expect(ticket.getByRole('listitem', { name: 'Player' }).last()).toContainText('Thank you, got them');

    // Closing: read-only on both sides.
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await expect(ticket.getByRole('note')).toHaveText('This conversation has ended. Reopen the ticket to reply.');
    await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
    await expect(playerPage.getByText('This conversation has ended')).toBeVisible({ timeout: 10_000 });
    await playerPage.reload();
    await expect(playerPage.getByText('This conversation has ended')).toBeVisible();
    await expect(playerPage.getByRole('button', { name: 'Send' })).toHaveCount(0);
    const refused = await playerSends(request, player, ticketId, 'One more thing');
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('TICKET_CLOSED');
    await page.getByRole('tab', { name: 'Closed' }).click();
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

    // Reopened, the staff may write again (and attach an image; a wrong type is refused with the player's text).
    await page.getByRole('button', { name: 'Reopen ticket' }).click();
    await expect(page.getByRole('textbox', { name: 'Reply' })).toBeVisible();
    const attach = page.getByLabel('Attach image');
    await attach.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('Unsupported file format')).toBeVisible();
    await attach.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(10) });
    await expect(page.getByText('receipt.png')).toBeVisible();
    await page.getByRole('button', { name: 'Send reply' }).click();
    const withImage = ticket.getByRole('listitem', { name: 'Support' }).last().getByRole('img', { name: 'Attached image' });
    await expect.poll(() => withImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(10);
    await playerContext.close();
  });

  test('a wrong password shows an error and empties the password; the form speaks Russian too', async ({ page }) => {
    await page.goto('/staff');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

    // The console speaks Russian too.
    await page.getByLabel('Interface language').selectOption('ru');
    await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Неверная почта или пароль');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Введите пароль')).toBeVisible();
  });

  test('a support member cannot open the admin page; an admin makes a key shown once', async ({ page, request }) => {
    const member = await createSupportMember(request);
    await staffSignIn(page, member);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Inbox' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Projects' })).toHaveCount(0);
    await page.goto('/staff/projects');
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this page');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

    await staffSignIn(page);
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByLabel('Project', { exact: true }).selectOption('afterdark'); // no e2e spec pays in the single game: its webhook is ours to set
    await page.getByRole('button', { name: 'Create API key' }).click();
    await expect(page.getByLabel('New API key')).toHaveValue(/^ppk_(test|live)_[0-9a-f]{12}_/);
    await page.getByLabel('Webhook URL').fill('https://game.example/portal-hook');
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
  });

  test('on a phone the inbox and a ticket take the screen in turn, a new ticket shows up live, and no page has accessibility violations', async ({
    page,
    request,
  }) => {
    // Several axe passes over full pages: on a loaded machine they take their time.
    test.setTimeout(180_000);
    const player = await registerPlayer(request, 'phonecase');
    const title = `On the go ${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/staff');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await staffSignIn(page);
    await page.getByLabel('Project', { exact: true }).selectOption('neuroarena');
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();

    // Written while the inbox is open: it arrives over the event stream, long before the 60 s poll.
    const created = await request.post('/api/support/create-ticket', {
      headers: { authorization: `Bearer ${player.jwt}`, project: 'neuroarena' },
      multipart: { data: JSON.stringify({ title, text: '<p>Written from a phone</p>' }) },
    });
    expect(created.ok()).toBe(true);
    const row = page.getByRole('link', { name: new RegExp(title) });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('Unread: 1');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await row.click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(row).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Reply' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/\/staff\?project=neuroarena$/);
  });
});
