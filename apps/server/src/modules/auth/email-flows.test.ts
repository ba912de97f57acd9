import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema.ts';
import type { TAuthResult } from '@portal/contracts/auth';
import { codeFlows, passwordHistory, userIdentities, users } from '../../db/schema.ts';
import { TokenService } from '../../integrations/tokens/token-service.ts';
import { solveAltcha } from '../../../test/altcha.ts';
import { buildTestApp } from '../../../test/app.ts';
import { startSmtpServer } from '../../../test/smtp.ts';

// Answers are read loosely here; the routes' own response schemas check their exact shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

let app: FastifyInstance;
let smtp: Smtp;
let ipCounter = 0;
/** every test its own client address, so failure counters and limits do not leak between tests */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let mailCounter = 0;
const newEmail = () => `player${++mailCounter}.${Date.now()}@example.com`;

async function post(url: string, body: unknown, options: { ip?: string; token?: string; headers?: Record<string, string> } = {}) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function get(url: string, token?: string) {
  const response = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json() as Json };
}

/** What the ALTCHA widget hands in: a solved, fresh challenge, fetched from the player's address. */
async function solved(ip?: string): Promise<string> {
  const challenge = await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge', ...(ip ? { remoteAddress: ip } : {}) });
  return solveAltcha(challenge.json());
}

/** register-by-email as the registration screen sends it: always with a solved robot check. */
async function startRegistration(email: string, password = 'Secret123', ip = newIp(), headers: Record<string, string> = {}) {
  return post('/api/auth/register-by-email', { email, password, altcha: await solved(ip) }, { ip, headers });
}

async function register(email: string, password = 'Secret123', ip = newIp()): Promise<TAuthResult> {
  const started = await startRegistration(email, password, ip, { 'frontend-language': 'ru' });
  expect(started).toMatchObject({ status: 200, body: { data: { result: true, codeTtlSeconds: 600, flowToken: expect.any(String) } } });
  const done = await post(
    '/api/auth/send-verification-code',
    { email, code: smtp.lastCode(email), flowToken: started.body.data.flowToken },
    { ip },
  );
  expect(done.status).toBe(200);
  return done.body.data.result as TAuthResult;
}

/** recovery-password: the flow token that the code and the new password need. */
async function startRecovery(email: string, ip = newIp()): Promise<string> {
  const asked = await post('/api/auth/recovery-password', { email }, { ip });
  expect(asked.body.data).toMatchObject({ result: true, flowToken: expect.any(String) });
  return asked.body.data.flowToken as string;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '1000',
    RATE_LIMIT_MAX: '10000',
    ALTCHA_MAX_NUMBER: '2000',
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('registration by e-mail', () => {
  it('mails a code through SMTP in the player language and signs in with it', async () => {
    const email = newEmail();
    const result = await register(email);
    expect(result).toMatchObject({ currentAuthType: 'email', nickName: expect.stringMatching(/^Player-[0-9A-Z]{4}$/) });
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).toMatch(/[а-яА-Я]/); // Russian, from the frontend-language header

    const me = await get('/api/user/me', result.jwt);
    expect(me).toEqual({ status: 200, body: { data: { userId: result.userId, nickName: result.nickName, currentAuthType: 'email' } } });

    const login = await post('/api/auth/login-by-email', { email: email.toUpperCase(), password: 'Secret123' }, { ip: newIp() });
    expect(login.body.data.result).toMatchObject({ userId: result.userId, currentAuthType: 'email' });
  });

  it('verifies player tokens with the published JWKS', async () => {
    const result = await register(newEmail());
    const jwks = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const { payload } = await jwtVerify(result.jwt, createLocalJWKSet(jwks.json()), {
      issuer: 'http://localhost:8080',
      audience: 'http://localhost:8080',
    });
    expect(payload).toMatchObject({ sub: result.userId, jti: expect.any(String) });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 24 * 3600);
  });

  it('answers USER_EXIST_REGISTER_BY_EMAIL for a taken address', async () => {
    const email = newEmail();
    await register(email);
    const again = await startRegistration(email, 'Other1234');
    expect(again).toEqual({ status: 200, body: { data: { warningMessage: 'USER_EXIST_REGISTER_BY_EMAIL' } } });
  });

  it('always asks for the robot check, even on a first try from a fresh address', async () => {
    const email = newEmail();
    const without = await post('/api/auth/register-by-email', { email, password: 'Secret123' }, { ip: newIp() });
    expect(without).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
    const forged = await post(
      '/api/auth/register-by-email',
      { email, password: 'Secret123', altcha: Buffer.from('{}').toString('base64') },
      { ip: newIp() },
    );
    expect(forged).toMatchObject({ status: 403, body: { code: 'CAPTCHA_INVALID' } });
    const altcha = await solved();
    expect((await post('/api/auth/register-by-email', { email, password: 'Secret123', altcha }, { ip: newIp() })).status).toBe(200);
    // one solution opens one door
    const replayed = await post('/api/auth/register-by-email', { email: newEmail(), password: 'Secret123', altcha }, { ip: newIp() });
    expect(replayed).toMatchObject({ status: 403, body: { code: 'CAPTCHA_INVALID' } });
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('creates nothing until the code is confirmed; a wrong code creates nothing either', async () => {
    const email = newEmail();
    const ip = newIp();
    const { flowToken } = (await startRegistration(email, 'Secret123', ip)).body.data;
    const wrongCode = smtp.lastCode(email) === '111111' ? '222222' : '111111';
    const wrong = await post('/api/auth/send-verification-code', { email, code: wrongCode, flowToken }, { ip });
    expect(wrong.body).toEqual({ data: { warningMessage: 'SEND_VERIFICATION_CODE_INCORRECT' } });
    const rows = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
    const login = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip });
    expect(login.body).toEqual({ data: { warningMessage: 'USER_NOT_EXIST_LOGIN_BY_EMAIL' } });
    // the registration flow is the only trace: a hash of the password and of the token, neither in clear
    const [pending] = await app.database.db.select().from(codeFlows).where(eq(codeFlows.email, email));
    expect(pending?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(pending?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.tokenHash).not.toContain(flowToken);
  });

  it("a second registration of a waiting address never changes the first one's password", async () => {
    const email = newEmail();
    const owner = await startRegistration(email, 'Owner1234');
    const code = smtp.lastCode(email);
    // someone else registers the same address with a password of their own, before the owner confirms
    const other = await startRegistration(email, 'Attack123');
    expect(other.status).toBe(200);
    expect(other.body.data.flowToken).not.toBe(owner.body.data.flowToken);
    // the intruder has no code; the owner confirms theirs in their own flow
    const done = await post('/api/auth/send-verification-code', { email, code, flowToken: owner.body.data.flowToken });
    expect(done.body.data.result).toMatchObject({ currentAuthType: 'email' });
    expect((await post('/api/auth/login-by-email', { email, password: 'Owner1234' }, { ip: newIp() })).body.data.result).toBeDefined();
    expect((await post('/api/auth/login-by-email', { email, password: 'Attack123' }, { ip: newIp() })).body.data.warningMessage).toBe(
      'INVALID_PASSWORD_LOGIN_BY_EMAIL',
    );
    // the intruder's flow ended with the registration: the code is spent and the flow gone
    const late = await post('/api/auth/send-verification-code', { email, code, flowToken: other.body.data.flowToken });
    expect(late).toMatchObject({ status: 409, body: { code: 'REGISTRATION_NOT_FOUND' } });
  });

  it('a code confirms only with the token of a registration of that address', async () => {
    const email = newEmail();
    await startRegistration(email);
    const code = smtp.lastCode(email);
    const stranger = (await startRegistration(newEmail())).body.data.flowToken as string;
    const foreign = await post('/api/auth/send-verification-code', { email, code, flowToken: stranger });
    expect(foreign).toMatchObject({ status: 409, body: { code: 'REGISTRATION_NOT_FOUND' } });
    const missing = await post('/api/auth/send-verification-code', { email, code });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('voids a code after 5 wrong tries, even when the right one follows with a solved captcha', async () => {
    const email = newEmail();
    const { flowToken } = (await startRegistration(email)).body.data;
    const code = smtp.lastCode(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      // a new address every try: only the per-account counter and the code itself hold the line
      const answer = await post('/api/auth/send-verification-code', { email, code: wrong, flowToken }, { ip: newIp() });
      expect(answer.body.data.warningMessage).toBe('SEND_VERIFICATION_CODE_INCORRECT');
    }
    const blocked = await post('/api/auth/send-verification-code', { email, code, flowToken }, { ip: newIp() });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
    const right = await post('/api/auth/send-verification-code', { email, code, flowToken, altcha: await solved() }, { ip: newIp() });
    expect(right.body).toEqual({ data: { warningMessage: 'SEND_VERIFICATION_CODE_INCORRECT' } });
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('resend waits for the countdown: 429 with retryAfter; only the flow that started it asks', async () => {
    const email = newEmail();
    const started = await startRegistration(email);
    const { flowToken } = started.body.data;
    expect(started.body.data.resendAfterSeconds).toBeGreaterThan(0);
    const early = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { email, purpose: 'registration', flowToken },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    // Without this flow's token the answer is the same whether a code waits for the address or
    // not: nothing is told about anybody's address.
    const made = 'x'.repeat(43);
    const waiting = await post('/api/auth/resend-code', { email, purpose: 'registration', flowToken: made });
    const idle = await post('/api/auth/resend-code', { email: newEmail(), purpose: 'registration', flowToken: made });
    expect(waiting).toEqual(idle);
    expect(idle).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('caps code mails per client address, per e-mail and overall', async () => {
    const capped = await buildTestApp({
      SMTP_URL: smtp.url,
      ALTCHA_MAX_NUMBER: '2000',
      CODE_MAILS_PER_IP_HOUR: '2',
      CODE_MAILS_PER_EMAIL_DAY: '0',
    });
    try {
      const send = async (email: string, ip: string) => {
        const challenge = await capped.inject({ method: 'GET', url: '/api/auth/captcha-challenge' });
        const answer = await capped.inject({
          method: 'POST',
          url: '/api/auth/register-by-email',
          remoteAddress: ip,
          payload: { email, password: 'Secret123', altcha: await solveAltcha(challenge.json()) },
        });
        return { status: answer.statusCode, body: answer.json() as Json };
      };
      const ip = newIp();
      const mailed = smtp.received.length;
      expect((await send(newEmail(), ip)).status).toBe(200);
      expect((await send(newEmail(), ip)).status).toBe(200);
      const third = newEmail();
      expect(await send(third, ip)).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect(smtp.received.length).toBe(mailed + 2);
      expect(smtp.received.some((m) => m.to.includes(third))).toBe(false);
      // another address is not held back by this one's cap
      expect((await send(newEmail(), newIp())).status).toBe(200);
    } finally {
      await capped.close();
    }
    const perEmail = await buildTestApp({
      SMTP_URL: smtp.url,
      ALTCHA_MAX_NUMBER: '2000',
      CODE_MAILS_PER_EMAIL_DAY: '1',
      CODE_MAILS_PER_HOUR: '0',
    });
    try {
      const email = newEmail();
      const challenge = async () => solveAltcha((await perEmail.inject({ method: 'GET', url: '/api/auth/captcha-challenge' })).json());
      const first = await perEmail.inject({
        method: 'POST',
        url: '/api/auth/register-by-email',
        remoteAddress: newIp(),
        payload: { email, password: 'Secret123', altcha: await challenge() },
      });
      expect(first.statusCode).toBe(200);
      const confirmed = await perEmail.inject({
        method: 'POST',
        url: '/api/auth/send-verification-code',
        remoteAddress: newIp(),
        payload: { email, code: smtp.lastCode(email), flowToken: first.json().data.flowToken },
      });
      expect(confirmed.statusCode).toBe(200);
      // a recovery code is a new mail to the same address: over its daily cap of 1
      const mailed = smtp.received.length;
      const again = await perEmail.inject({
        method: 'POST',
        url: '/api/auth/recovery-password',
        remoteAddress: newIp(),
        payload: { email },
      });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(smtp.received.length).toBe(mailed);
    } finally {
      await perEmail.close();
    }
    const overall = await buildTestApp({ SMTP_URL: smtp.url, ALTCHA_MAX_NUMBER: '2000', CODE_MAILS_PER_HOUR: '1' });
    try {
      const challenge = async () => solveAltcha((await overall.inject({ method: 'GET', url: '/api/auth/captcha-challenge' })).json());
      // the shared test database may already hold this file's earlier mails: by the second at the latest, the cap holds
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        const answer = await overall.inject({
          method: 'POST',
          url: '/api/auth/register-by-email',
          remoteAddress: newIp(),
          payload: { email: newEmail(), password: 'Secret123', altcha: await challenge() },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses[1]).toBe(429);
    } finally {
      await overall.close();
    }
  });

  it('names only a catalogue project in the mail, never what the project header says', async () => {
    const email = newEmail();
    await startRegistration(email, 'Secret123', newIp(), { project: 'Free-gems-at-evil' });
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).not.toContain('evil');
    expect(mail?.subject).toContain('Game Portal');
    const known = newEmail();
    await startRegistration(known, 'Secret123', newIp(), { project: 'familytown', 'frontend-language': 'en' });
    const ok = smtp.received.find((m) => m.to.includes(known));
    expect(ok?.subject).toMatch(/Family/i);
  });
});

describe('login by e-mail', () => {
  it('answers the two login warnings', async () => {
    const email = newEmail();
    await register(email);
    const ip = newIp();
    expect((await post('/api/auth/login-by-email', { email: newEmail(), password: 'Secret123' }, { ip })).body).toEqual({
      data: { warningMessage: 'USER_NOT_EXIST_LOGIN_BY_EMAIL' },
    });
    expect((await post('/api/auth/login-by-email', { email, password: 'Wrong1234' }, { ip })).body).toEqual({
      data: { warningMessage: 'INVALID_PASSWORD_LOGIN_BY_EMAIL' },
    });
  });

  it('demands a captcha after the limit per account, and accepts a solved one', async () => {
    const email = newEmail();
    await register(email);
    for (let i = 0; i < 5; i++) {
      const answer = await post('/api/auth/login-by-email', { email, password: 'Wrong1234' }, { ip: newIp() });
      expect(answer.body.data.warningMessage).toBe('INVALID_PASSWORD_LOGIN_BY_EMAIL');
    }
    const ip = newIp();
    const blocked = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED', message: expect.any(String) } });
    const forged = await post(
      '/api/auth/login-by-email',
      { email, password: 'Secret123', altcha: Buffer.from('{}').toString('base64') },
      { ip },
    );
    expect(forged).toMatchObject({ status: 403, body: { code: 'CAPTCHA_INVALID' } });

    const challenge = await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge' });
    expect(challenge.json()).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    const altcha = await solveAltcha(challenge.json());
    const ok = await post('/api/auth/login-by-email', { email, password: 'Secret123', altcha }, { ip });
    expect(ok.body.data.result).toMatchObject({ currentAuthType: 'email' });
    // the same solution is not a second pass; the account counter was reset by the success
    const again = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip: newIp() });
    expect(again.status).toBe(200);
  });

  it("follows the project's failedAttemptLimit (neuroarena: 3)", async () => {
    const email = newEmail();
    const headers = { project: 'neuroarena' };
    for (let i = 0; i < 3; i++) {
      await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip: newIp(), headers });
    }
    const blocked = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip: newIp(), headers });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
  });

  it("counts an account's failures whatever project the client names, never past FAILED_ATTEMPT_LIMIT", async () => {
    // A project whose editor set a lax limit (the console allows up to 20; this one is stored
    // as an older server may have left it) lifts nothing off an account being guessed at.
    await app.database.db.insert(projects).values({ name: 'lax-limit', extra: [{ id: 'failedAttemptLimit', value: 100000 }] });
    await app.database.db.insert(projects).values({ name: 'lax-twenty', extra: [{ id: 'failedAttemptLimit', value: 20 }] });
    app.catalogCache.invalidate();
    const email = newEmail();
    await register(email);
    const named = ['lax-limit', 'lax-twenty', 'familytown', 'no-such-project', 'lax-twenty'];
    for (const project of named) {
      const answer = await post('/api/auth/login-by-email', { email, password: 'Wrong1234' }, { ip: newIp(), headers: { project } });
      expect(answer.body.data.warningMessage).toBe('INVALID_PASSWORD_LOGIN_BY_EMAIL');
    }
    for (const project of ['lax-limit', 'lax-twenty']) {
      const blocked = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip: newIp(), headers: { project } });
      expect(blocked, project).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
    }
    // A stored limit outside 1..20 is not taken for the address either: the default (5) holds.
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/login-by-email', { email: newEmail(), password: 'Secret123' }, { ip, headers: { project: 'lax-limit' } });
    }
    const byAddress = await post(
      '/api/auth/login-by-email',
      { email: newEmail(), password: 'Secret123' },
      { ip, headers: { project: 'lax-limit' } },
    );
    expect(byAddress).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
  });

  it('demands a captcha after the limit per IP, across accounts (never trusting the browser)', async () => {
    const ip = newIp();
    const state = async (headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/captcha-state', remoteAddress: ip, headers });
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json() as Json;
    };
    expect(await state()).toEqual({ data: { required: false } });
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/login-by-email', { email: newEmail(), password: 'Secret123' }, { ip });
    }
    // The page can show the robot check before the next try instead of spending it.
    expect(await state()).toEqual({ data: { required: true } });
    const blocked = await post('/api/auth/login-by-email', { email: newEmail(), password: 'Secret123' }, { ip });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'CAPTCHA_REQUIRED' } });
    // Past the limit its checks are hard ones: 8 times the work, and an easy one fetched elsewhere is no pass.
    const challengeAt = async (at: string) =>
      (await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge', remoteAddress: at })).json();
    expect((await challengeAt(ip)).maxnumber).toBe(8 * (await challengeAt(newIp())).maxnumber);
    const easy = await post(
      '/api/auth/login-by-email',
      { email: newEmail(), password: 'Secret123', altcha: await solved(newIp()) },
      { ip },
    );
    expect(easy).toMatchObject({ status: 403, body: { code: 'CAPTCHA_INVALID' } });
    const hard = await post('/api/auth/login-by-email', { email: newEmail(), password: 'Secret123', altcha: await solved(ip) }, { ip });
    expect(hard).toMatchObject({ status: 200, body: { data: { warningMessage: 'USER_NOT_EXIST_LOGIN_BY_EMAIL' } } });
    // Another address is not affected.
    expect((await app.inject({ method: 'GET', url: '/api/auth/captcha-state', remoteAddress: newIp() })).json()).toEqual({
      data: { required: false },
    });
  });
});

describe('password recovery', () => {
  it('recovers with the mailed code, refuses old passwords, mails "password changed"', async () => {
    const email = newEmail();
    const first = await register(email);
    const ip = newIp();

    expect((await post('/api/auth/recovery-password', { email: newEmail() }, { ip })).body).toEqual({
      data: { warningMessage: 'USER_NOT_EXIST_RECOVERY_PASSWORD' },
    });
    const flowToken = await startRecovery(email, ip);
    const refused = await post('/api/auth/activate-new-password', { email, password: 'Brandnew12', flowToken }, { ip });
    expect(refused).toMatchObject({ status: 403, body: { code: 'RECOVERY_NOT_VERIFIED' } });
    const code = smtp.lastCode(email);
    const wrong = await post(
      '/api/auth/send-recovery-password-code',
      { email, code: code === '111111' ? '222222' : '111111', flowToken },
      { ip },
    );
    expect(wrong.body).toEqual({ data: { warningMessage: 'SEND_RECOVERY_PASSWORD_CODE_INCORRECT' } });
    const verified = await post('/api/auth/send-recovery-password-code', { email, code, flowToken }, { ip });
    expect(verified.body).toEqual({ data: { result: true, validForSeconds: 600 } });

    const same = await post('/api/auth/activate-new-password', { email, password: 'Secret123', flowToken }, { ip });
    expect(same.body).toEqual({ data: { warningMessage: 'PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD' } });
    const done = await post('/api/auth/activate-new-password', { email, password: 'Brandnew12', flowToken }, { ip });
    expect(done.body).toEqual({ data: { result: true } });
    expect(smtp.received.at(-1)?.to).toEqual([email]);

    // the verified recovery was single use
    const twice = await post('/api/auth/activate-new-password', { email, password: 'Another123', flowToken }, { ip });
    expect(twice.status).toBe(403);

    const oldLogin = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip });
    expect(oldLogin.body.data.warningMessage).toBe('INVALID_PASSWORD_LOGIN_BY_EMAIL');
    const newLogin = await post('/api/auth/login-by-email', { email, password: 'Brandnew12' }, { ip: newIp() });
    expect(newLogin.body.data.result.userId).toBe(first.userId);

    // both passwords are in the history now: going back to the first is refused too
    const history = await app.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, first.userId));
    expect(history).toHaveLength(2);
  });

  it("never ends a player's flow when others start flows for the same e-mail; bounds flows per e-mail and per address", async () => {
    const email = newEmail();
    await register(email);
    const owner = await startRecovery(email);
    // Others, unauthenticated, start flows for the player's address: the player's flow lives on.
    const others = Array.from({ length: 3 }, () => newIp());
    let started = 0;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 12; i++) {
      const answer = await post('/api/auth/recovery-password', { email }, { ip: others[i % others.length] });
      if (answer.status === 200) started += 1;
      else refused = answer;
    }
    // The e-mail's share (10 live flows, the player's included) is full: no new one, none ended.
    expect(started).toBe(9);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } });
    const code = smtp.lastCode(email);
    const verified = await post('/api/auth/send-recovery-password-code', { email, code, flowToken: owner }, { ip: newIp() });
    expect(verified.body).toEqual({ data: { result: true, validForSeconds: 600 } });
    expect((await post('/api/auth/activate-new-password', { email, password: 'Brandnew12', flowToken: owner })).body).toEqual({
      data: { result: true },
    });

    // One client address may hold 30 live flows, over any e-mails; then it starts no more, and others still may.
    const crowded = newIp();
    const targets = [newEmail(), newEmail(), newEmail(), newEmail()];
    for (const target of targets) await register(target);
    const answers = [];
    for (const target of targets.slice(0, 3)) {
      for (let i = 0; i < 10; i++) answers.push((await post('/api/auth/recovery-password', { email: target }, { ip: crowded })).status);
    }
    expect(answers).toEqual(Array(30).fill(200));
    expect((await post('/api/auth/recovery-password', { email: targets[3] }, { ip: crowded })).status).toBe(429);
    expect((await post('/api/auth/recovery-password', { email: targets[3] }, { ip: newIp() })).status).toBe(200);
  });

  it('only the flow that proved the code sets the new password', async () => {
    const email = newEmail();
    const first = await register(email);
    const owner = await startRecovery(email);
    const code = smtp.lastCode(email);
    // someone else starts a recovery of the same address (the code mail stays the owner's)
    const intruder = await startRecovery(email);
    expect((await post('/api/auth/send-recovery-password-code', { email, code, flowToken: owner })).body.data).toEqual({
      result: true,
      validForSeconds: 600,
    });
    // after the owner proved the code, the intruder's flow (or none) cannot set a password
    const hijack = await post('/api/auth/activate-new-password', { email, password: 'Attack123', flowToken: intruder });
    expect(hijack).toMatchObject({ status: 403, body: { code: 'RECOVERY_NOT_VERIFIED' } });
    const bare = await post('/api/auth/activate-new-password', { email, password: 'Attack123' });
    expect(bare).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    // a token of another address's verified recovery does not open this one either
    expect((await post('/api/auth/activate-new-password', { email: newEmail(), password: 'Attack123', flowToken: owner })).status).toBe(
      403,
    );
    const mine = await post('/api/auth/activate-new-password', { email, password: 'Owners123', flowToken: owner });
    expect(mine.body).toEqual({ data: { result: true } });
    const login = await post('/api/auth/login-by-email', { email, password: 'Owners123' }, { ip: newIp() });
    expect(login.body.data.result.userId).toBe(first.userId);
    // the intruder's flow ended with the recovery
    expect((await post('/api/auth/send-recovery-password-code', { email, code, flowToken: intruder })).status).toBe(403);
  });
});

describe('tokens', () => {
  it('logout revokes the token: check says false and the API answers 401', async () => {
    const { jwt } = await register(newEmail());
    expect((await get(`/api/auth/check/${jwt}`)).body.data).toMatchObject({ result: true });
    expect((await post('/api/auth/logout', {}, { token: jwt })).body).toEqual({ data: { result: true } });
    expect((await get(`/api/auth/check/${jwt}`)).body).toEqual({ data: { result: false } });
    expect(await get('/api/user/get-profile', jwt)).toEqual({ status: 401, body: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it('refuses forged, foreign and expired tokens with 401; takes ?jwt= on event streams only', async () => {
    const { jwt, userId } = await register(newEmail());
    // A token in a URL is logged, kept in history and sent as referrer: only EventSource needs it.
    const byQuery = await app.inject({ method: 'GET', url: `/api/user/get-profile?jwt=${jwt}` });
    expect(byQuery.statusCode).toBe(401);
    const deletion = await app.inject({ method: 'POST', url: `/api/user/delete-account?jwt=${jwt}`, payload: { confirmation: true } });
    expect(deletion.statusCode).toBe(401);
    const stream = await app.inject({ method: 'GET', url: `/api/support/events?jwt=${jwt}`, payloadAsStream: true });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    stream.stream().destroy();

    const [h, p, s] = jwt.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: crypto.randomUUID() }),
    ).toString('base64url');
    const tampered = `${h}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await new TokenService({
      keys: app.accounts.keys,
      issuer: 'http://localhost:8080',
      now: () => Date.now() - 40 * 86_400_000,
    }).signPlayerToken({ sub: userId, aud: 'http://localhost:8080', ttlSeconds: 30 * 86_400 });
    const otherAudience = await app.accounts.tokens.signPlayerToken({ sub: userId, aud: 'https://elsewhere.example', ttlSeconds: 60 });
    for (const bad of [`${h}.${forgedPayload}.${s}`, `${h}.${p}.${tampered}`, expired.token, otherAudience.token, 'not-a-jwt']) {
      const answer = await get('/api/user/get-profile', bad);
      expect(answer).toEqual({ status: 401, body: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect((await get(`/api/auth/check/${bad}`)).body.data.result).toBe(false);
    }
    expect((await get('/api/user/get-profile')).status).toBe(401);
    expect((await get('/api/user/me')).body).toEqual({ data: { userId: null, nickName: null, currentAuthType: 'unauthorized' } });
  });
});

describe('profile, deletion, sessions, merges', () => {
  it('updates names, then deletes the account for real', async () => {
    const email = newEmail();
    const { jwt, userId } = await register(email);
    const updated = await post('/api/user/update-profile', { name: 'Анна', lastName: 'Smith' }, { token: jwt });
    expect(updated.body.data).toMatchObject({ userId, name: 'Анна', lastName: 'Smith', email });
    const badName = await post('/api/user/update-profile', { name: 'A', lastName: 'Smith' }, { token: jwt });
    expect(badName).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });

    expect((await post('/api/user/delete-account', {}, { token: jwt })).status).toBe(400);
    expect((await post('/api/user/delete-account', { confirmation: true }, { token: jwt })).body).toEqual({ data: { result: true } });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ email: null, passwordHash: null, name: null, lastName: null });
    expect(await app.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(0);
    expect(await app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).toHaveLength(0);
    expect((await get('/api/user/get-profile', jwt)).status).toBe(401);
    const login = await post('/api/auth/login-by-email', { email, password: 'Secret123' }, { ip: newIp() });
    expect(login.body.data.warningMessage).toBe('USER_NOT_EXIST_LOGIN_BY_EMAIL');
    // the address is free again
    await register(email, 'Again12345');
  });

  it('session/get answers a login URL; merge-anonymous records the guest id', async () => {
    const session = await post('/api/session/get', {
      iid: 'i-1',
      uid: 'u-1',
      platformId: 'web',
      source: 'web',
      locale: 'en',
      project: 'familytown',
    });
    expect(session.status).toBe(200);
    expect(session.body.data.loginUrl).toBe(`http://localhost:8080/session/login/${session.body.data.session}/web/en/familytown`);
    expect((await get(`/api/session/${session.body.data.session}`)).body.data).toMatchObject({ project: 'familytown' });
    expect((await get(`/api/session/${crypto.randomUUID()}`)).status).toBe(404);
    const nulls = await post('/api/session/get', {
      iid: null,
      uid: null,
      platformId: 'web',
      source: 'web',
      locale: 'ru',
      project: 'neuroarena',
    });
    expect(nulls.status).toBe(200);
    const unknownField = await post('/api/session/get', { source: 'web', locale: 'ru', project: 'neuroarena', extra: 1 });
    expect(unknownField).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });

    const { jwt, userId } = await register(newEmail());
    const tempUserId = crypto.randomUUID();
    expect((await post('/api/auth/merge-anonymous', { tempUserId }, { token: jwt })).body).toEqual({ data: { result: true } });
    expect(await post('/api/auth/merge-anonymous', { tempUserId }, { token: jwt })).toMatchObject({ status: 200 });
    expect((await post('/api/auth/merge-anonymous', { tempUserId })).status).toBe(401);
    expect(await app.accounts.service.users.merges(userId)).toEqual([tempUserId]);
  });
});

describe('bad input', () => {
  it('answers wrong types, missing, huge and unknown fields with 400 { code, message }', async () => {
    const cases: unknown[] = [
      { email: 42, password: 'Secret123' },
      { email: 'a@example.com' },
      { email: `${'a'.repeat(400)}@example.com`, password: 'Secret123' },
      { email: 'a@example.com', password: 'x'.repeat(100_000) },
      { email: 'a@example.com', password: 'Secret123', admin: true },
      { email: 'not an email', password: 'Secret123' },
      [],
    ];
    for (const body of cases) {
      const answer = await post('/api/auth/login-by-email', body, { ip: newIp() });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    const code = await post('/api/auth/send-verification-code', { email: 'a@example.com', code: '12ab56' });
    expect(code).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message: expect.stringContaining('login.codeNotValid') } });
  });

  it('answers malformed JSON, a huge body and a wrong media type with 4xx { code, message }', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login-by-email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/register-by-email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/login-by-email',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('rate limits', () => {
  it('answer 429 RATE_LIMITED over the per-route limit, never 5xx', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', SMTP_URL: smtp.url });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/api/auth/login-by-email',
          payload: { email: 'nobody@example.com', password: 'Secret123' },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429, 429]);
      // another guessing route has its own budget
      const other = await limited.inject({ method: 'POST', url: '/api/auth/recovery-password', payload: { email: 'nobody@example.com' } });
      expect(other.statusCode).toBe(200);
      // A route that documents its own 429 (resend-code: with retryAfter) answers it over the limit too, never a 500.
      for (let i = 0; i < 5; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/api/auth/resend-code',
          payload: { email: 'nobody@example.com', purpose: 'registration', flowToken: 'a'.repeat(43) },
        });
        expect(r.statusCode, r.body).toBeLessThan(500);
        if (i >= 3) {
          expect(r.statusCode).toBe(429);
          expect(r.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String), retryAfter: expect.any(Number) });
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
    } finally {
      await limited.close();
    }
  });
});
