import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { isPopupPage, securityPlugin } from './security.ts';

/** The Content-Security-Policy header as directive -> sources. */
async function policyFor(env: Record<string, string>): Promise<Map<string, string[]>> {
  const app: FastifyInstance = Fastify();
  apps.push(app);
  await app.register(securityPlugin, { config: testConfig(env) });
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject('/x');
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' };
const YOOKASSA = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_csp' };
const YANDEX_PAY = { YANDEX_PAY_MERCHANT_ID: 'merchant', YANDEX_PAY_API_KEY: 'key' };

describe('content security policy and the payment providers', () => {
  it('allows only its own origin for scripts, frames and calls when every provider is a sandbox', async () => {
    const csp = await policyFor({});
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it("allows Stripe.js and the Payment Element's frames and calls when Stripe is configured", async () => {
    const csp = await policyFor({ ...STRIPE, ALLOWED_GAME_ORIGINS: 'https://games.example.com' });
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://games.example.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    // Nothing of YooKassa's without its keys.
    expect([...csp.values()].flat().some((source) => source.includes('yookassa'))).toBe(false);
  });

  it("allows YooKassa's checkout widget when YooKassa is configured, and nothing of Stripe's", async () => {
    const csp = await policyFor(YOOKASSA);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://yookassa.ru']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://yookassa.ru']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://yookassa.ru']);
  });

  it('adds nothing for Yandex Pay (its payment page opens in a window of its own) and both for both', async () => {
    expect((await policyFor(YANDEX_PAY)).get('script-src')).toEqual(["'self'"]);
    expect((await policyFor(YANDEX_PAY)).get('frame-src')).toEqual(["'self'"]);
    const both = await policyFor({ ...STRIPE, ...YOOKASSA, ...YANDEX_PAY });
    expect(both.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://yookassa.ru']);
    expect(both.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://yookassa.ru']);
  });

  it('needs both Stripe keys: a secret key alone stays the sandbox', async () => {
    const csp = await policyFor({ STRIPE_SECRET_KEY: 'sk_test_csp' });
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the game origins of each request', () => {
  it('frames and is framed by the origins read for the request, and changes with them', async () => {
    let origins: string[] = [];
    const app: FastifyInstance = Fastify();
    apps.push(app);
    await app.register(securityPlugin, { config: testConfig({}), gameOrigins: async () => origins });
    app.get('/x', async () => ({ ok: true }));

    const alone = await app.inject('/x');
    expect(alone.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(alone.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(alone.headers['cross-origin-resource-policy']).toBe('same-origin');

    origins = ['https://games.example.com', 'https://cdn.game.example'];
    const framed = await app.inject('/x');
    const csp = String(framed.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://games.example.com https://cdn.game.example");
    expect(csp).toContain("frame-src 'self' https://games.example.com https://cdn.game.example");
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('the opener policy per page', () => {
  it('keeps same-origin-allow-popups on the pages and answers unsafe-none on the windows the portal opens from a frame', async () => {
    const app: FastifyInstance = Fastify();
    apps.push(app);
    await app.register(securityPlugin, { config: testConfig({}) });
    app.get('/*', async () => ({ ok: true }));
    const coop = async (url: string) => (await app.inject(url)).headers['cross-origin-opener-policy'];
    for (const url of ['/games/en/', '/session/login', '/payments/yandex-pay/abc', '/payments/process/abc', '/api/auth/check/x']) {
      expect(await coop(url), url).toBe('same-origin-allow-popups');
    }
    for (const url of [
      '/passport/google?state=a:b',
      '/passport/google/callback?code=1',
      '/local-oidc/auth',
      '/payments/yandex-pay/abc?checkout=sandbox',
    ]) {
      expect(await coop(url), url).toBe('unsafe-none');
    }
    expect(isPopupPage('/passportx')).toBe(false);
  });
});
