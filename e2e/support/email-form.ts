import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * Opens the e-mail form from a (framed) method list. A click in the first instants of a framed
 * screen was lost on loaded CI machines (the list stayed, the form never came): the list gets
 * the time the framed app takes to load, and the click is repeated until the form shows. If
 * the list never comes, the failure says what the screen showed instead.
 */
export async function openEmailForm(screen: FrameLocator | Page): Promise<void> {
  const link = screen.getByRole('link', { name: 'Continue with e-mail' });
  try {
    await expect(link).toBeVisible({ timeout: 45_000 });
    await expect(async () => {
      if (await link.isVisible()) await link.click({ timeout: 5_000 });
      await expect(screen.getByLabel('E-mail', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
  } catch (error) {
    const shown = await screen
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch(() => '(no body)');
    throw new Error(`the sign-in screen did not open its e-mail form; it showed:\n${shown}`, { cause: error });
  }
}
