import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

/**
 * Security headers for every answer. Game frames: the portal frames its own demo games
 * ('self') and the games of ALLOWED_GAME_ORIGINS; those same origins may frame the
 * embedded account, payment and support screens (frame-ancestors).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const games = config.ALLOWED_GAME_ORIGINS;
    const https = config.publicOrigin.startsWith('https:');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", ...games],
          frameAncestors: ["'self'", ...games],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only over https: on plain http it would rewrite our own URLs to a port that is not there.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Sign-in and payment providers open in popups the portal polls for `closed`;
      // plain same-origin would sever that handle.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Games on other allowed origins load our images and the SDK.
      crossOriginResourcePolicy: { policy: games.length > 0 ? 'cross-origin' : 'same-origin' },
      // frame-ancestors decides framing; X-Frame-Options cannot express a list of origins.
      xFrameOptions: games.length > 0 ? false : { action: 'sameorigin' },
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    });
  },
  { name: 'security' },
);
