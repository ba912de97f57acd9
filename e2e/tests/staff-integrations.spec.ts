import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { ADMIN, staffHeaders } from '../support/api';
import { mailTo } from '../support/rcpt';
import { staffSignIn } from '../support/staff';

/** No serious or critical accessibility violations on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// The admin pages at tablet width.
test.use({ viewport: { width: 820, height: 1180 } });

test.describe('staff integrations, team and audit log', () => {
  test('an admin sets a webhook to a local receiver, sends a test event, sees it logged and redelivers it with the same id', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startWebhookReceiver();
    try {
      // A project of this test's own: no other spec's payments post to its webhook.
      const project = `hooks-${unique()}`;
      const created = await request.post('/api/staff/catalog/projects', { headers: await staffHeaders(request), data: { name: project } });
      expect(created.status(), await created.text()).toBe(201);

      await staffSignIn(page);
      await page.getByRole('link', { name: 'Projects' }).click();
      await page.getByLabel('Project', { exact: true }).selectOption(project);
      // Outside production a webhook may point at a local address.
      await page.getByLabel('Webhook URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
      await expect(page.getByText('No deliveries yet')).toBeVisible();

      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Test event evt_/ })).toContainText('OK (200)');
      await expect.poll(() => receiver.received.length).toBe(1);
      const [first] = receiver.received;
      expect(first?.type).toBe('webhook.test');
      expect(first?.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(first?.headers['portal-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

      const log = page.getByRole('table', { name: `Webhook deliveries of ${project}, newest first` });
      const row = log.getByRole('row').filter({ hasText: first!.id });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('webhook.test');
      await expect(row).toContainText('OK (200)');
      await expect(row).toContainText('Manual');
      await expectAccessible(page);

      await row.getByRole('button', { name: /^Redeliver event/ }).click();
      await expect(page.getByText(`Event ${first!.id} sent again.`)).toBeVisible();
      await expect.poll(() => receiver.received.length).toBe(2);
      expect(receiver.received.map((event) => event.id)).toEqual([first!.id, first!.id]);
      // The log was refreshed: both tries are listed.
      await expect(log.getByRole('row').filter({ hasText: first!.id })).toHaveCount(2);
    } finally {
      await receiver.close();
    }
  });

  test('an admin invites a member by e-mail, the member sets a password from the mailed link and signs in, and the audit log lists the invite', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = `invitee-${unique()}@staff.example`;
    const password = 'Invited-member-2026';

    await staffSignIn(page, ADMIN);
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
    const members = page.getByRole('table', { name: 'Staff members' });
    await expect(members.getByRole('row').filter({ hasText: email })).toContainText('Active');
    await expectAccessible(page);

    // The set-password link from the dev mailbox.
    let link = '';
    await expect
      .poll(
        async () => {
          const mails = await mailTo(page.request, email);
          link = /(https?:\/\/\S+\/staff\/set-password#[\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');

    // The member, signed out in a browser of their own.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    try {
      await member.goto(link);
      await expect(member.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await member.getByLabel('New password').fill(password);
      await member.getByLabel('Repeat the password').fill(password);
      await member.getByRole('button', { name: 'Save password' }).click();
      await expect(member.getByRole('status')).toHaveText('Your password is set. Sign in with your e-mail and the new password.');
      await member.getByRole('link', { name: 'Go to sign-in' }).click();
      await staffSignIn(member, { email, password });

      // The link works once.
      await member.goto(link);
      await member.getByLabel('New password').fill(password);
      await member.getByLabel('Repeat the password').fill(password);
      await member.getByRole('button', { name: 'Save password' }).click();
      await expect(member.getByRole('alert')).toContainText('This link is used or expired.');
    } finally {
      await memberContext.close();
    }

    await page.getByRole('link', { name: 'Audit log' }).click();
    const audit = page.getByRole('table', { name: 'Staff changes, newest first' });
    const invite = audit.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: email });
    await expect(invite).toHaveCount(1);
    await expect(invite).toContainText(ADMIN.email);
    await expect(audit.getByRole('row').filter({ hasText: 'staff.setPassword' }).first()).toContainText(email);
    await page.getByRole('combobox', { name: 'Target type' }).selectOption('staff');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(invite).toHaveCount(1);
    await expectAccessible(page);
  });
});
