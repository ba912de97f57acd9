import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * Chooses a payment method on the payment screen (a page or a host's frame). A choice made in
 * the screen's first instants was once undone on a loaded CI run (the radio went back to the
 * first method): choose again until it holds.
 */
export async function chooseMethod(screen: Page | FrameLocator, name: RegExp): Promise<void> {
  const radio = screen.getByRole('radio', { name });
  await expect(async () => {
    await radio.check({ timeout: 5_000 });
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
