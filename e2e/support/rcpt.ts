import { expect, type APIRequestContext } from '@playwright/test';
import type { Player } from './api';

/** SUPPORT_EMAIL of the e2e product: the server's default (playwright.config.ts sets none). */
export const SUPPORT_EMAIL = 'support@portal.localhost';

/**
 * Pays a payment as the player would on the payment screens, through the sandbox provider's
 * API (YooKassa: roubles): create at the provider, then complete as paid.
 */
export async function payInSandbox(request: APIRequestContext, player: Player, paymentId: string): Promise<void> {
  const headers = { authorization: `Bearer ${player.jwt}` };
  const created = await request.get(`/api/payments/yookassa/create/${paymentId}`, { headers });
  expect(created.ok(), await created.text()).toBe(true);
  const paid = await request.post(`/api/payments/sandbox/${paymentId}/complete`, { headers, data: { outcome: 'paid' } });
  expect(await paid.json()).toEqual({ data: { status: 'paid' } });
}

/** Waits until the receipt job has made the player's PDF (the link is "" until then). */
export async function waitForReceipt(request: APIRequestContext, player: Player, paymentId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/user/get-receipt-link?privatePaymentId=${paymentId}`, {
          headers: { authorization: `Bearer ${player.jwt}` },
        });
        return ((await res.json()) as { data?: { result?: string } }).data?.result ?? '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/** The dev mailbox's letters to `to`, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { data: DevMail[] }).data;
}
