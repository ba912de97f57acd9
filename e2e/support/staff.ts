import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, staffHeaders, type Player } from './api';

/**
 * STAFF's e2e helpers: a real 8x8 PNG (the server checks content, not names), a ticket made
 * as the player's browser would make it, a support-role member added by the admin, and the
 * staff sign-in form at /staff.
 */
export const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO44KCAFTEMLQkA3ntMAZQ6QMoAAAAASUVORK5CYII=',
  'base64',
);

export const SUPPORT_MEMBER_PASSWORD = 'Support-e2e-2026';

const playerHeaders = (player: Player) => ({ authorization: `Bearer ${player.jwt}` });

/** POST /api/support/create-ticket (multipart) as the player, with an image. */
export async function createTicketWithImage(
  request: APIRequestContext,
  player: Player,
  options: { title: string; text: string; project?: string },
): Promise<string> {
  const response = await request.post('/api/support/create-ticket', {
    headers: { ...playerHeaders(player), project: options.project ?? 'familytown' },
    multipart: {
      data: JSON.stringify({ title: options.title, text: `<p>${options.text}</p>` }),
      image: { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG_8X8 },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The player writes into a ticket through the API (what the chat's send button calls). */
export async function playerSends(request: APIRequestContext, player: Player, ticketId: string, text: string) {
  return request.post('/api/support/send-message', {
    headers: playerHeaders(player),
    multipart: { data: JSON.stringify({ ticketId, text: `<p>${text}</p>` }) },
  });
}

/** A staff member of the support role, added by the seeded admin. */
export async function createSupportMember(request: APIRequestContext, label = 'agent'): Promise<{ email: string; password: string }> {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@staff.example`;
  const response = await request.post('/api/staff/accounts', {
    headers: await staffHeaders(request),
    data: { email, password: SUPPORT_MEMBER_PASSWORD, role: 'support' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: SUPPORT_MEMBER_PASSWORD };
}

/** Signs in at /staff through the form. */
export async function staffSignIn(page: Page, credentials: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto('/staff');
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}
