// The product's own flows a bench needs before it measures: a staff admin, a game-server API
// key, a player registered through the dev mailbox.
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { solveAltcha } from '../../apps/server/test/altcha.ts';
import { json, post, sleep } from './http.ts';
import { startProduct, type RunningServer } from './product.ts';

export const benchAdmin = { email: 'bench-admin@portal.localhost', password: 'BenchAdmin123' };

/** Whether BENCH_DATABASE_URL moves the product from embedded PGlite to PostgreSQL. */
export const onPostgres = (): boolean => Boolean(process.env.BENCH_DATABASE_URL);

/**
 * Starts the product with the bench staff admin, rate limits off (RATE_LIMIT_MAX and
 * AUTH_RATE_LIMIT_MAX 0) and, with BENCH_DATABASE_URL, over PostgreSQL; `env` adds or overrides.
 */
export function startBenchProduct(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const all: Record<string, string> = {
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    RATE_LIMIT_MAX: '0',
    AUTH_RATE_LIMIT_MAX: '0',
  };
  if (process.env.BENCH_DATABASE_URL) all.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  return startProduct(port, { ...all, ...env });
}

/** A fresh robot check of the product, solved as the widget would (registration always asks). */
export async function solvedCaptcha(url: string): Promise<string> {
  return solveAltcha(await json<TCaptchaChallenge>(await fetch(`${url}/api/auth/captcha-challenge`)));
}

/** The 6-digit code last mailed to `email`, read from the dev mailbox (waits up to ~10 s). */
export async function mailedCode(url: string, email: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const mail = await json<{ data: Array<{ text: string }> }>(await fetch(`${url}/dev/mail.json?to=${encodeURIComponent(email)}`));
    const code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`bench: no code mailed to ${email}`);
}

export interface BenchPlayer {
  email: string;
  userId: string;
  nickName: string;
  currentAuthType: string;
  jwt: string;
}

/** Registers a new player by e-mail (code from the dev mailbox) and returns it signed in. */
export async function registerPlayer(url: string, email = `bench-${Date.now().toString(36)}@players.example`): Promise<BenchPlayer> {
  const started = await json<{ data: { flowToken: string } }>(
    await post(`${url}/api/auth/register-by-email`, { email, password: 'Secret2024', altcha: await solvedCaptcha(url) }),
  );
  const code = await mailedCode(url, email);
  const answer = await json<{ data: { result: Omit<BenchPlayer, 'email'> } }>(
    await post(`${url}/api/auth/send-verification-code`, { email, code, flowToken: started.data.flowToken }),
  );
  return { email, ...answer.data.result };
}

/** The bench admin's staff token. */
export async function staffToken(url: string): Promise<string> {
  return (await json<{ token: string }>(await post(`${url}/api/staff/login`, benchAdmin))).token;
}

/** A new game-server API key for `project`, made by the bench admin. */
export async function createApiKey(url: string, project = 'familytown'): Promise<string> {
  const token = await staffToken(url);
  const { key } = await json<{ key: string }>(
    await post(`${url}/api/staff/projects/${project}/api-keys`, {}, { authorization: `Bearer ${token}` }),
  );
  return key;
}
