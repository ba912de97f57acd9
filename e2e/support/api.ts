import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { solveAltcha } from '../../apps/server/test/altcha.ts';

/**
 * Test setup through the product's public API, for specs whose subject is not sign-in itself:
 * a player registered through the real e-mail code flow (the code read from the dev mailbox of
 * the embedded default), the staff admin seeded by ADMIN_EMAIL/ADMIN_PASSWORD, and payments
 * created as a game server creates them (project API key).
 */

/** The staff admin the e2e product is started with (playwright.config.ts). */
export const ADMIN = { email: 'admin@portal.test', password: 'Admin-e2e-2026' } as const;
export const PLAYER_PASSWORD = 'Secret2024';

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@players.example`;

export interface Player {
  email: string;
  userId: string;
  nickName: string;
  currentAuthType: string;
  jwt: string;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body = await response.text();
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${body}`);
  return JSON.parse(body) as T;
}

/** Registers a player by e-mail and confirms with the code from the dev mailbox. */
export async function registerPlayer(request: APIRequestContext, label = 'player'): Promise<Player> {
  const email = uniqueEmail(label);
  // Registration always asks for the robot check: solved here as the widget would.
  const challenge = await json<TCaptchaChallenge>(await request.get('/api/auth/captcha-challenge'), 'captcha challenge');
  const started = await json<{ data: { flowToken: string } }>(
    await request.post('/api/auth/register-by-email', { data: { email, password: PLAYER_PASSWORD, altcha: await solveAltcha(challenge) } }),
    'register',
  );
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await json<{ data: Array<{ text: string }> }>(
          await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`),
          'dev mailbox',
        );
        code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  const confirmed = await json<{ data: { result: Omit<Player, 'email'> } }>(
    await request.post('/api/auth/send-verification-code', { data: { email, code, flowToken: started.data.flowToken } }),
    'confirm',
  );
  return { email, ...confirmed.data.result };
}

/** Signs the browser in as `player` (what a finished sign-in stores), before the page loads. */
export async function signInBrowser(page: Page, player: Player): Promise<void> {
  await page.addInitScript((p) => {
    localStorage.setItem('accessToken', p.jwt);
    localStorage.setItem('webAuthData', JSON.stringify({ userId: p.userId, nickName: p.nickName, currentAuthType: p.currentAuthType }));
  }, player);
}

/** Bearer headers of the seeded staff admin. */
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { token } = await json<{ token: string }>(await request.post('/api/staff/login', { data: ADMIN }), 'staff login');
  return { authorization: `Bearer ${token}` };
}

const apiKeys = new Map<string, string>();

/** A game-server API key for `project`, made once per worker by the staff admin. */
export async function projectApiKey(request: APIRequestContext, project: string): Promise<string> {
  const known = apiKeys.get(project);
  if (known) return known;
  const { key } = await json<{ key: string }>(
    await request.post(`/api/staff/projects/${project}/api-keys`, { headers: await staffHeaders(request) }),
    'api key',
  );
  apiKeys.set(project, key);
  return key;
}

export interface CreatedPayment {
  paymentId: string;
  paymentUrl: string;
  status: string;
}

/** What a game server does: POST /api/v1/payments for the player and an item of the price list. */
export async function createPayment(
  request: APIRequestContext,
  options: { project?: string; userId: string; priceId?: string; payload?: string },
): Promise<CreatedPayment> {
  const project = options.project ?? 'familytown';
  const key = await projectApiKey(request, project);
  let priceId = options.priceId;
  if (!priceId) {
    const prices = await json<{ data: Array<{ id: string }> }>(await request.get(`/api/control/get-prices?project=${project}`), 'prices');
    priceId = prices.data[0]?.id;
  }
  return json<CreatedPayment>(
    await request.post('/api/v1/payments', {
      headers: { authorization: `Bearer ${key}` },
      data: { userId: options.userId, priceId, ...(options.payload ? { payload: options.payload } : {}) },
    }),
    'create payment',
  );
}
