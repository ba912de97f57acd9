import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, signInBrowser } from '../support/api';
import { fillTicketForm, guestTickets, makePng, staffCloses, staffReplies, ticketIdOf, undecodableMp4 } from '../support/support-player';

const PNG = makePng(12);

/** The chat shows the ticket: the player's bold text and image, and the automated acknowledgement. */
async function expectOwnTicket(page: Page, title: string, bold: string) {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation' });
  const mine = log.getByRole('article', { name: /^You,/ });
  await expect(mine.locator('strong')).toHaveText(bold);
  const image = mine.getByRole('img', { name: 'Attached image' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(12);
  await expect(log.getByRole('article', { name: /^System,/ })).toContainText('Message received by the system');
}

test.describe('support for players', () => {
  test('a guest refuses a wrong type and an over-limit file, then creates a ticket with bold text and an image', async ({
    page,
    request,
  }) => {
    await page.goto('/support/tickets');
    await expect(page.getByRole('heading', { name: 'My Tickets', level: 1 })).toBeVisible();
    await expect(page.getByText(/You have no tickets yet/)).toBeVisible();
    await page.getByRole('link', { name: 'Write to support' }).click();
    await expect(page).toHaveURL(/\/support\/ticket\/create\/1$/);

    // An empty description is refused in the browser.
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page.getByText('Please fill in the problem description')).toBeVisible();

    // A wrong type and an over-limit image: the type and size error texts, nothing kept.
    const image = page.getByLabel('Image');
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('Unsupported file format')).toBeVisible();
    await image.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5_242_881)]) });
    await expect(page.getByText('File size exceeds the limit of 5 MB')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove image' })).toHaveCount(0);
    expect(await guestTickets(page, request)).toEqual([]);

    const title = `Guest ${Date.now().toString(36)}`;
    await fillTicketForm(page, { title, bold: 'Sword', rest: ' vanished after the update', image: PNG });
    await expect(page.getByText('screenshot.png')).toBeVisible();
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page).toHaveURL(/\/support\/ticket\/[0-9a-f-]{36}$/);
    await expectOwnTicket(page, title, 'Sword');
    const chatUrl = page.url();

    const tickets = await guestTickets(page, request);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ title, unreadMessageCount: 0 });

    await page.getByRole('link', { name: 'Back to my tickets' }).click();
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

    // A staff reply marks the guest's Support entry in the header, with the count in its name.
    const headerSupport = page.getByRole('banner').getByRole('link', { name: /^Support/ });
    await expect(headerSupport).toHaveAccessibleName('Support');
    await staffReplies(request, ticketIdOf(chatUrl), '<p>We are looking into it</p>');
    await expect(headerSupport).toHaveAccessibleName('Support 1 unread messages', { timeout: 10_000 });
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: /^Support,/ })).toBeVisible();
    await expect(headerSupport).toHaveAccessibleName('Support', { timeout: 10_000 });
  });

  test('a signed-in player sees a staff reply live, the unread mark when away, and a closed ticket read-only', async ({
    page,
    request,
  }) => {
    const player = await registerPlayer(request, 'support');
    await signInBrowser(page, player);
    await page.goto('/support/ticket/create');
    const title = `Player ${Date.now().toString(36)}`;
    await fillTicketForm(page, { title, bold: 'Gems', rest: ' were not credited', image: PNG });
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page).toHaveURL(/\/support\/ticket\/[0-9a-f-]{36}$/);
    const ticketId = ticketIdOf(page.url());
    await expectOwnTicket(page, title, 'Gems');

    // Live: far sooner than the 60 s poll, over the support event stream.
    await staffReplies(request, ticketId, '<p>We are <strong>on it</strong></p>');
    const staff = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: /^Support,/ });
    await expect(staff).toContainText('We are on it', { timeout: 10_000 });
    await expect(staff.locator('strong')).toHaveText('on it');

    // Away from the chat, the next reply marks the account menu's support entry.
    await page.goto('/games/en/');
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toBeVisible();
    await avatar.click();
    const menu = page.getByRole('region', { name: 'Account menu' });
    const supportEntry = menu.getByRole('link', { name: /^Support/ });
    await expect(supportEntry).toBeVisible();
    await expect(supportEntry).not.toContainText('unread');
    await staffReplies(request, ticketId, '<p>Done, please check</p>');
    await expect(supportEntry).toContainText('1 unread messages', { timeout: 10_000 });

    // The list shows it unread; opening the ticket reads it and the mark goes.
    await supportEntry.click();
    const row = page.getByRole('link', { name: new RegExp(title) });
    await expect(row).toContainText('1 unread messages');
    await row.click();
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Done, please check');
    await avatar.click();
    await expect(supportEntry).toBeVisible();
    await expect(supportEntry).not.toContainText('unread');
    await page.keyboard.press('Escape');

    // Closed by staff: the open chat turns read-only with the note.
    await staffCloses(request, ticketId);
    await expect(page.getByText('This conversation has ended')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('This conversation has ended')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  });

  test('a large video reply shows the upload progress; a video the browser cannot play gives ERROR_LOADING_VIDEO', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const player = await registerPlayer(request, 'video');
    await signInBrowser(page, player);
    await page.goto('/support/ticket/create');
    await fillTicketForm(page, { title: 'Clip does not play', bold: 'Watch', rest: ' this' });
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();

    // 4 MB through a 1.5 MB/s uplink: the bar is up for seconds and moves.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1.5 * 1024 * 1024,
    });
    await page.getByLabel('Video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: undecodableMp4(4 * 1024 * 1024) });
    await page.getByRole('button', { name: 'Send' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(bar).toHaveCount(0, { timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const mine = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: /^You,/ });
    await expect(mine.locator('video')).toHaveCount(1);
    await expect(page.getByText('Could not load the video.')).toBeVisible({ timeout: 10_000 });
  });

  test("a guest's ticket follows the player after sign-in (merge-user-id)", async ({ page, request }) => {
    await page.goto('/support/ticket/create/1');
    const title = `Before sign-in ${Date.now().toString(36)}`;
    await fillTicketForm(page, { title, bold: 'Guest', rest: ' question' });
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page).toHaveURL(/\/support\/ticket\/[0-9a-f-]{36}$/);

    // What a finished sign-in stores; the page then merges the guest marker.
    const player = await registerPlayer(request, 'merge');
    const merged = page.waitForResponse((response) => response.url().endsWith('/api/support/merge-user-id') && response.ok());
    await page.evaluate((p) => {
      localStorage.setItem('accessToken', p.jwt);
      localStorage.setItem('webAuthData', JSON.stringify({ userId: p.userId, nickName: p.nickName, currentAuthType: p.currentAuthType }));
    }, player);
    await page.goto('/support/tickets');
    await merged;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tempUserId'))).toBeNull();
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    const own = await request.get('/api/support/get-tickets', { headers: { authorization: `Bearer ${player.jwt}` } });
    expect(((await own.json()) as { data: Array<{ title: string }> }).data.map((ticket) => ticket.title)).toEqual([title]);
  });

  test('the support screens pass axe: empty list, create form with errors, chat with every author, closed ticket', async ({
    page,
    request,
  }) => {
    // Several axe passes over full pages: on a loaded machine they take their time.
    test.setTimeout(180_000);
    const axe = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    const player = await registerPlayer(request, 'axe');
    await signInBrowser(page, player);
    await page.goto('/support/tickets');
    await expect(page.getByText(/You have no tickets yet/)).toBeVisible();
    expect(await axe()).toEqual([]);

    await page.goto('/support/ticket/create');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await page.getByLabel('Image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByText('Unsupported file format')).toBeVisible();
    expect(await axe()).toEqual([]);

    await fillTicketForm(page, { title: 'Axe check', bold: 'Bold', rest: ' text', image: PNG });
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page).toHaveURL(/\/support\/ticket\/[0-9a-f-]{36}$/);
    const ticketId = ticketIdOf(page.url());
    await staffReplies(request, ticketId, '<p>See <a href="https://example.com/help">the help</a></p><pre><code>step 1</code></pre>');
    await expect(page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: /^Support,/ })).toBeVisible({
      timeout: 10_000,
    });
    expect(await axe()).toEqual([]);

    await staffCloses(request, ticketId);
    await expect(page.getByText('This conversation has ended')).toBeVisible({ timeout: 10_000 });
    expect(await axe()).toEqual([]);
  });
});
