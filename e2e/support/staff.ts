import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, staffHeaders, type Player } from './api';

/**
 * STAFF's e2e helpers: a player message sent as the chat sends it, a support-role member
 * added by the admin, and the staff sign-in form at /staff.
 */
export const SUPPORT_MEMBER_PASSWORD = 'Support-e2e-2026';

const playerHeaders = (player: Player) => ({ authorization: `Bearer ${player.jwt}` });

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
