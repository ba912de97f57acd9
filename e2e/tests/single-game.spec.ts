import { expect, test, type Page } from '@playwright/test';

// The out-of-catalogue project is chosen by host name: Chromium resolves *.localhost to
// this machine, and the demo project afterdark lists afterdark.localhost among its hosts.
const origin = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? 'http://localhost:8181');
  url.hostname = 'afterdark.localhost';
  return url.origin;
};

async function openSingleGame(page: Page, baseURL: string | undefined, lng = 'en') {
  await page.goto(`${origin(baseURL)}/games/${lng}/`);
}

test.describe('single age-gated game', () => {
  test('asks for the age first, then plays, and remembers the answer', async ({ page, baseURL }) => {
    await openSingleGame(page, baseURL);
    const gate = page.getByRole('dialog');
    await expect(gate).toBeVisible();
    await expect(gate).toContainText('nudity and explicit sexual content');
    await expect(page.locator('#game-frame')).toHaveCount(0);

    await gate.getByRole('button', { name: 'I am over 18 years old' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('iframe#game-frame')).toHaveAttribute('src', /\/demo-games\/afterdark\/index\.html\?lang=en$/);

    await page.reload();
    await expect(page.locator('iframe#game-frame')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('"No, I am under 18 years old" leaves for a search engine', async ({ page, baseURL }) => {
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Search</title>' }),
    );
    await openSingleGame(page, baseURL);
    await page.getByRole('button', { name: 'No, I am under 18 years old' }).click();
    await expect(page).toHaveURL(/^https:\/\/www\.google\.com\//);
  });

  test('speaks Russian and opens its documents in a new tab', async ({ page, baseURL, context }) => {
    await openSingleGame(page, baseURL, 'ru');
    await expect(page.getByRole('button', { name: 'Мне больше 18 лет' })).toBeVisible();
    await page.getByRole('button', { name: 'Мне больше 18 лет' }).click();

    const footer = page.getByRole('contentinfo');
    for (const name of ['Служба поддержки', 'Пользовательское соглашение', 'Политика конфиденциальности', 'Жалобы']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    const [doc] = await Promise.all([context.waitForEvent('page'), footer.getByRole('link', { name: 'Жалобы' }).click()]);
    await expect(doc).toHaveURL(/\/docs\/EnComplaints\.html$/);
  });

  test('switches its background at 1024 and 767 px', async ({ page, baseURL }) => {
    const backgroundAt = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      return page.evaluate(() => {
        const images = [...document.querySelectorAll<HTMLElement>('main, main *')]
          .map((element) => getComputedStyle(element).backgroundImage)
          .filter((image) => image.includes('/images/games/afterdark/'));
        return images.join(' ');
      });
    };
    await openSingleGame(page, baseURL);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await backgroundAt(1280)).toContain('bg-desktop.svg');
    expect(await backgroundAt(900)).toContain('bg-mobile.svg');
    expect(await backgroundAt(600)).toContain('popup-small.svg');
  });
});
