import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../support/auth';

/** Signs in with an unknown e-mail: the server's answer is shown as an error toast. */
async function showUnknownEmailToast(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'User with this email does not exist' }).first();
  await expect(toast).toBeVisible();
  return toast;
}

/** How long a toast stays: the length of its countdown bar, which closes it when it ends. */
async function countdownOf(page: Page): Promise<string> {
  return page
    .locator('.Toastify__progress-bar')
    .first()
    .evaluate((bar) => getComputedStyle(bar).animationDuration);
}

test.describe('portal layout', () => {
  test('a toast closes after 2 seconds on the portal', async ({ page }) => {
    const toast = await showUnknownEmailToast(page, '/session/login/email');
    expect(await countdownOf(page)).toBe('2s');
    await expect(toast).toBeHidden({ timeout: 15_000 });
  });

  test('a toast stays 5 seconds on a service screen a host opens', async ({ page }) => {
    const toast = await showUnknownEmailToast(page, '/session/login/email?source=mobile&project=familytown&locale=en');
    expect(await countdownOf(page)).toBe('5s');
    await expect(toast).toBeHidden({ timeout: 20_000 });
  });

  test('a signed-out visitor has a Guest button that offers the login', async ({ page }) => {
    await page.goto('/games/en/');
    const banner = page.getByRole('banner');
    const guest = banner.getByRole('button', { name: 'Guest' });
    await guest.click();
    const panel = banner.getByRole('region', { name: 'Guest' });
    await expect(panel).toContainText('You are playing as a guest.');
    await panel.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/session\/login$/);
  });

  test('the page links its web manifest from /static_files', async ({ page, request }) => {
    await page.goto('/games/en/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/static_files/manifest.webmanifest');
    const manifest = await request.get(href!);
    expect(manifest.ok()).toBe(true);
    expect(await manifest.json()).toMatchObject({ name: 'Game Portal', start_url: '/' });
  });

  test('the code a page starts with is marked for compiling with its download, code loaded later is not', async ({ page, request }) => {
    const answer = await page.goto('/session/registration');
    const entry = await page.locator('script[type="module"][src]').getAttribute('src');
    const framework = await page.locator('link[rel="modulepreload"][href*="/framework-"]').getAttribute('href');
    // The screen's own chunks, as the page's answer names them.
    const screen = [...(answer?.headers().link ?? '').matchAll(/<([^>]+\.js)>; rel=modulepreload/g)].map((match) => match[1]!);
    expect(entry && framework && screen.length > 1, `${entry} ${framework} ${screen.join(' ')}`).toBeTruthy();
    // The robot check's code loads once the player starts on the form.
    const widget = page.waitForRequest((request) => /\/altcha-[\w-]+\.js$/.test(request.url()));
    await page.getByLabel('E-mail', { exact: true }).focus();
    const later = new URL((await widget).url()).pathname;

    // V8 reads the hint where it comes before the code: the first line, or the second after
    // the bundler's map of chunk dependencies.
    const hinted = async (href: string) => (await (await request.get(href)).text()).split('\n', 2).includes('//# allFunctionsCalledOnLoad');
    for (const href of [entry!, framework!, ...screen]) expect(await hinted(href), href).toBe(true);
    expect(await hinted(later), later).toBe(false);
  });

  test('no page breaks its Content-Security-Policy (no eval, no inline code)', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    for (const path of ['/games/en/', '/games/en/familytown/', '/session/login/email', '/session/registration', '/support/tickets']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Schemas parse the answers that drew the page; give late scripts a moment to run too. Not
      // `networkidle`: a page may keep a live event stream open (the support unread mark).
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  });

  test('nothing in the first view moves while the data of a page arrives (no layout shift)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          const nodes = (entry.sources ?? []).map((source) => (source.node as Element | null)?.className ?? '?');
          shifts.push(`${entry.value.toFixed(3)} ${nodes.join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/games/en/', '/games/en/familytown/', '/support/tickets', '/session/registration']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts), path).toEqual([]);
    }
  });
});
