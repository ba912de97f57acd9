import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createSupportMember, staffSignIn } from '../support/staff';
import { makePng } from '../support/support-player';

/** Serious and critical axe findings of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id);
}

test.describe('staff catalogue', () => {
  test('an admin creates a project with a game and two priced items that the portal shows, then archives the game', async ({ page }) => {
    // Several screens, two uploads, the portal in two languages and axe passes.
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const project = `e2ecat${stamp}`;
    const english = `Comet Run ${stamp}`;
    const russian = `Бег кометы ${stamp}`;

    await staffSignIn(page);
    await page.getByRole('navigation', { name: 'Staff navigation' }).getByRole('link', { name: 'Catalogue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Projects/ }).getByRole('link', { name: 'familytown' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A new project opens in its editor.
    await page.getByLabel('Project name').fill(project);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/catalog/${project}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Project ${project}` })).toBeVisible();

    // Listed after the demo games (other specs read the catalogue's first cards): the settings section.
    const sections = page.getByRole('navigation', { name: 'Project sections' });
    await sections.getByRole('link', { name: 'Project settings' }).click();
    await expect(page.getByLabel('How the game receives sign-ins')).toHaveValue('postMessage');
    await page.getByLabel('Order in the catalogue').fill('900');
    // Its own link preview text and terms of use, served by its game page.
    await page.getByRole('group', { name: 'Page metadata' }).getByLabel('Link preview title').fill(`${english}: fly`);
    const terms = `https://docs.example/${project}/terms`;
    await page.getByRole('group', { name: 'Legal documents' }).getByLabel('Terms of use').fill(terms);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await sections.getByRole('link', { name: 'Game' }).click();

    // The game: English and Russian texts, the other eight marked missing, an uploaded card logo.
    const languages = page.getByRole('group', { name: 'Language of the texts' });
    await expect(languages.getByRole('button', { name: /Deutsch.*missing/ })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(english);
    await page.getByLabel('Card description').fill('Steer a comet through the stars');
    await page.getByLabel('Full description').fill('A long run through the night sky.');
    await languages.getByRole('button', { name: /Русский/ }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('placeholder', english);
    await page.getByLabel('Name', { exact: true }).fill(russian);
    await page.getByLabel('Card description').fill('Веди комету сквозь звёзды');
    await page.getByLabel('Full description').fill('Долгий полёт по ночному небу.');
    await expect(languages.getByRole('button', { name: /Русский/ })).not.toContainText('missing');
    await page.getByLabel('Game address').fill('/demo-games/familytown/index.html');
    // The address is on the portal; a CDN the game's pages also run on is added as an extra origin.
    await expect(page.getByLabel('Origin taken from the address')).toHaveText('This site (the address is a path on the portal)');
    await page.getByRole('button', { name: 'Add an origin' }).click();
    const cdn = `https://cdn.${project}.example`;
    await page.getByLabel('Extra origin 1').fill(`${cdn}/`);
    // The card shows its logo up to ~710 px wide: a tiny one is refused with the size it needs.
    const logoUpload = page.getByLabel('Upload a new Card logo');
    await expect(logoUpload).toHaveAccessibleDescription('At least 640 × 360 px');
    await logoUpload.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: makePng(24) });
    await expect(page.getByRole('alert').filter({ hasText: 'The image is too small: it must be at least 640 × 360 px' })).toBeVisible();
    await logoUpload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng({ width: 640, height: 360 }) });
    const cardLogo = page.getByRole('img', { name: 'Current Card logo' });
    await expect(cardLogo).toHaveAttribute('src', /^\/catalog-images\//);
    await expect.poll(() => cardLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640)).toBe(true);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(page.getByLabel('Extra origin 1')).toHaveValue(cdn);
    // Trusted at once: in the initial config and allowed to frame the portal's screens.
    const trusted = async () => {
      const answer = await page.request.get('/api/control/get-initial-config');
      return {
        origins: ((await answer.json()) as { data: { allowedOrigins: string[] } }).data.allowedOrigins,
        csp: answer.headers()['content-security-policy'] ?? '',
      };
    };
    expect((await trusted()).origins).toContain(cdn);
    expect((await trusted()).csp).toMatch(new RegExp(`frame-ancestors [^;]*${cdn.replaceAll('.', '\\.')}`));

    // Two items, one with a logo uploaded here; a price of zero is refused on its field.
    await sections.getByRole('link', { name: 'Prices' }).click();
    const newItem = page.getByRole('form', { name: 'New item' });
    const addItem = async (id: string, en: string, ru: string, rub: string, usd: string, logo?: Buffer) => {
      await newItem.getByLabel('Item ID').fill(id);
      await newItem.getByLabel('Name (English)').fill(en);
      await newItem.getByLabel('Name (Russian)').fill(ru);
      await newItem.getByLabel('Price in roubles').fill(rub);
      await newItem.getByLabel('Price in US dollars').fill(usd);
      if (logo) {
        await newItem.getByLabel('Upload a new Logo').setInputFiles({ name: 'coins.png', mimeType: 'image/png', buffer: logo });
        await expect(newItem.getByRole('img', { name: 'Current Logo' })).toBeVisible();
      }
      await newItem.getByRole('button', { name: 'Add item' }).click();
    };
    // Drawn at 48 px on the prices page: a square of at least 96 px.
    await addItem(`${project}-10`, '10 comets', '10 комет', '0', '1.99', makePng(96, [200, 160, 20]));
    await expect(newItem.getByText('Enter an amount above zero with at most two decimals')).toBeVisible();
    await expect(newItem.getByLabel('Price in roubles')).toHaveAttribute('aria-invalid', 'true');
    await newItem.getByLabel('Price in roubles').fill('99');
    await newItem.getByRole('button', { name: 'Add item' }).click();
    await expect(newItem.getByRole('status').filter({ hasText: `Item ${project}-10 added` })).toBeVisible();
    await addItem(`${project}-50`, '50 comets', '50 комет', '449.50', '7.99');
    await expect(newItem.getByRole('status').filter({ hasText: `Item ${project}-50 added` })).toBeVisible();
    const items = page.getByRole('table', { name: 'Items (2)' });
    await expect(items).toContainText('10 comets');
    await expect(items).toContainText('50 comets');
    const itemLogo = items.getByRole('img', { name: `Logo of ${project}-10` });
    await expect.poll(() => itemLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 96)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The editor fits a tablet.
    await page.setViewportSize({ width: 768, height: 1000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the prices section scrolls sideways at 768 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The portal shows the game in English and Russian, and it plays.
    const portal = await page.context().newPage();
    await portal.goto('/games/en/');
    const card = portal.getByRole('article').filter({ has: portal.getByRole('heading', { name: english }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: english })).toHaveAttribute('src', /^\/catalog-images\//);
    await portal.goto('/games/ru/');
    await expect(portal.getByRole('article').filter({ has: portal.getByRole('heading', { name: russian }) })).toBeVisible();
    await portal.goto(`/games/en/${project}/`);
    await expect(portal.getByRole('heading', { level: 1, name: english })).toBeVisible();
    await expect(portal.locator('meta[property="og:title"]')).toHaveAttribute('content', `${english}: fly`);
    await expect(portal.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', terms);
    await portal.getByRole('button', { name: 'Play' }).click();
    await expect(portal.locator('iframe#game-frame')).toHaveAttribute('src', /\/demo-games\/familytown\/index\.html\?lang=en$/);
    await expect(portal.frameLocator('#game-frame').locator('body')).not.toBeEmpty();

    // Its prices page: dollars in English, roubles in Russian, the uploaded logo served.
    await portal.goto(`/prices/${project}?project=${project}`);
    const rows = portal.getByRole('row').filter({ has: portal.getByRole('img') });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('$1.99');
    await expect(rows.nth(1)).toContainText('$7.99');
    const priceLogo = rows.first().getByRole('img');
    await expect.poll(() => priceLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 96)).toBe(true);
    await portal.getByRole('banner').getByRole('group').getByRole('button', { name: 'RU' }).click();
    await expect(rows.first()).toContainText('₽');
    await expect(rows.first()).toContainText('99');
    await expect(rows.nth(1)).toContainText('449,5');

    // Archiving the game hides it from the catalogue.
    await sections.getByRole('link', { name: 'Game' }).click();
    await page.getByLabel('Archived (hidden from the catalogue)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await portal.goto('/games/en/');
    await expect(portal.getByRole('heading', { name: 'Family Town' })).toBeVisible();
    await expect(portal.getByRole('heading', { name: english })).toHaveCount(0);
    // Its origins are no longer trusted.
    expect((await trusted()).origins).not.toContain(cdn);
    expect((await trusted()).csp).not.toContain(cdn);
  });

  test('a support member has no catalogue: no navigation to it and the API answers 403', async ({ page, request }) => {
    const member = await createSupportMember(request, 'catalog-agent');
    await staffSignIn(page, member);
    const nav = page.getByRole('navigation', { name: 'Staff navigation' });
    await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Catalogue' })).toHaveCount(0);
    await page.goto('/staff/catalog');
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this page');

    const login = await request.post('/api/staff/login', { data: member });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/staff/catalog/projects', { headers })).status()).toBe(403);
    expect((await request.get('/api/staff/catalog/projects/familytown', { headers })).status()).toBe(403);
    expect(
      (await request.patch('/api/staff/catalog/projects/familytown/game', { headers, data: { version: 1, archived: true } })).status(),
    ).toBe(403);
    const upload = await request.post('/api/staff/catalog/images', {
      headers,
      multipart: { image: { name: 'x.png', mimeType: 'image/png', buffer: makePng(4) } },
    });
    expect(upload.status()).toBe(403);
  });
});
