import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safeOrigin } from '@portal/contracts/addresses';
import type { AppConfig } from '../config.ts';

/**
 * What a configured provider's checkout loads into the payment screens; a provider without
 * keys runs as its sandbox, which is served from 'self' and adds nothing.
 * - Stripe (Stripe.js + Payment Element, Stripe's CSP guide): the script from js.stripe.com
 *   (and its *.js.stripe.com hosts), its frames from there and hooks.stripe.com (3-D Secure),
 *   its calls to api.stripe.com.
 * - YooKassa's checkout widget (checkout-widget.js v1): the script, its payment-form frame and
 *   its calls all on https://yookassa.ru.
 * - Yandex Pay: nothing; its payment URL opens in a window of its own (a popup, not a frame).
 */
export function providerSources(config: Pick<AppConfig, 'providers' | 'nativeSignIn'>): {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
} {
  const scriptSrc: string[] = [];
  const frameSrc: string[] = [];
  const connectSrc: string[] = [];
  if (config.providers.stripe) {
    scriptSrc.push('https://js.stripe.com', 'https://*.js.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    connectSrc.push('https://api.stripe.com');
  }
  // Sign-ins on the provider's own script: the script's host, and what each documents it
  // opens or calls (Apple's popup and auth calls, Telegram's popup and its auth/get call,
  // the Facebook SDK's dialog frames and Graph calls).
  const { apple, telegram, facebook } = config.nativeSignIn;
  const scriptOrigin = (url: string) => new URL(url).origin;
  if (apple) {
    scriptSrc.push(scriptOrigin(apple.scriptUrl));
    frameSrc.push('https://appleid.apple.com');
    connectSrc.push('https://appleid.apple.com');
  }
  if (telegram) {
    scriptSrc.push(scriptOrigin(telegram.scriptUrl));
    frameSrc.push('https://oauth.telegram.org');
    connectSrc.push('https://oauth.telegram.org');
  }
  if (facebook) {
    scriptSrc.push(scriptOrigin(facebook.scriptUrl));
    frameSrc.push('https://www.facebook.com', 'https://web.facebook.com');
    connectSrc.push('https://graph.facebook.com', 'https://www.facebook.com');
  }
  if (config.providers.yookassa) {
    scriptSrc.push('https://yookassa.ru');
    frameSrc.push('https://yookassa.ru');
    connectSrc.push('https://yookassa.ru');
  }
  return { scriptSrc, frameSrc, connectSrc };
}

/**
 * Pages the portal opens in a window of their own from its screens, which may be framed by a
 * host game on another site: the outside sign-in's pages (`/passport/...`, the local sign-in
 * stand-in) and the sandbox payment window (`/payments/yandex-pay/...?checkout=sandbox`). With
 * COOP `same-origin-allow-popups` such a window would be moved out of its opener's browsing
 * context group whenever the opener's top-level page is another site (a framed screen), so the
 * frame would read `closed === true` while it is open and never get its handoff. These pages
 * answer `unsafe-none`; every other page keeps `same-origin-allow-popups`.
 */
export function isPopupPage(url: string): boolean {
  const [path = '', query = ''] = url.split('?');
  if (path === '/passport' || path.startsWith('/passport/') || path === '/local-oidc' || path.startsWith('/local-oidc/')) return true;
  return path.startsWith('/payments/yandex-pay/') && new URLSearchParams(query).get('checkout') === 'sandbox';
}

/**
 * Security headers for every answer. Game frames: the portal frames its own demo games
 * ('self') and the game origins (ALLOWED_GAME_ORIGINS and the catalogue's games, read per
 * request from `gameOrigins`); those same origins may frame the embedded account, payment and
 * support screens (frame-ancestors). The checkouts of the configured payment providers are
 * allowed their scripts, frames and calls (providerSources).
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      gameOrigins = async () => config.ALLOWED_GAME_ORIGINS,
    }: { config: AppConfig; gameOrigins?: () => Promise<readonly string[]> },
  ) => {
    const https = config.publicOrigin.startsWith('https:');
    const providers = providerSources(config);
    // The list of this request, read before helmet writes its headers (it runs after this hook).
    const originsOf = new WeakMap<IncomingMessage, readonly string[]>();
    const withSelf = (req: IncomingMessage) => ["'self'", ...(originsOf.get(req) ?? [])].join(' ');
    // Checked again here, where they become headers: one bad value is left out (and logged once),
    // never allowed to make helmet refuse the header and so every answer.
    const checked = new WeakMap<readonly string[], readonly string[]>();
    const reported = new Set<string>();
    const headerSafe = (list: readonly string[]): readonly string[] => {
      let safe = checked.get(list);
      if (!safe) {
        safe = list.filter((value) => {
          if (safeOrigin(value) === value) return true;
          if (!reported.has(value)) {
            reported.add(value);
            app.log.error({ origin: value }, 'a game origin is not a plain scheme://host[:port]: left out of the security headers');
          }
          return false;
        });
        checked.set(list, safe);
      }
      return safe;
    };
    // The opener policy per page (see isPopupPage); helmet writes the default for the rest.
    app.addHook('onSend', async (request, reply, payload) => {
      if (isPopupPage(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
      return payload;
    });
    app.addHook('onRequest', async (request, reply) => {
      const games = headerSafe(await gameOrigins());
      originsOf.set(request.raw, games);
      // Games on other allowed origins load our images and the SDK.
      reply.header('cross-origin-resource-policy', games.length > 0 ? 'cross-origin' : 'same-origin');
      // frame-ancestors decides framing; X-Frame-Options cannot express a list of origins.
      if (games.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...providers.scriptSrc],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...providers.connectSrc],
          frameSrc: [withSelf, ...providers.frameSrc],
          frameAncestors: [withSelf],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only over https: on plain http it would rewrite our own URLs to a port that is not there.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Sign-in and payment providers open in popups the portal polls for `closed`;
      // plain same-origin would sever that handle. The popup pages themselves: isPopupPage.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Written by the hook above from the request's list of game origins.
      crossOriginResourcePolicy: false,
      xFrameOptions: false,
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    });
  },
  { name: 'security' },
);
