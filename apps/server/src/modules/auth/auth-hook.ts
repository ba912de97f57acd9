import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { HEADERS } from '@portal/contracts/http';
import { AppError } from '../../lib/app-error.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import type { AuthService, AuthUser } from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes the player token from `?jwt=` too: only event streams, which
     * EventSource opens without headers. Everywhere else a token in a URL (logged, kept in
     * history, sent as referrer) is refused as no token at all.
     */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    /** set by `app.requireUser` (or `app.optionalUser`) on routes that ask for it */
    user: AuthUser | null;
    /** the guest's `Temp-User-Id` header when it is a UUID, else null */
    tempUserId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid Bearer token (header or `jwt` query) or 401 UNAUTHORIZED */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like requireUser, but no token at all is fine (request.user stays null) */
    optionalUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of the screens a host embeds (payments, purchases, support): the portal's own
     * session, or a host's token for one project (then `request.user.project` is set and the
     * route acts for that project only). Account routes use requireUser, which refuses it.
     */
    requireEmbeddedUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like requireEmbeddedUser, but no token at all is fine */
    optionalEmbeddedUser: (request: FastifyRequest) => Promise<void>;
  }
}

const ZUuid = z.uuid();

/**
 * The Bearer token of a request: the Authorization header, else (event streams only) the
 * `jwt` query value. The web reads the `jwt` page parameter itself and sends it as a header.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  if (request.routeOptions.config.queryToken !== true) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const jwt = query?.jwt;
  return typeof jwt === 'string' && jwt !== '' ? jwt : undefined;
}

/** The signed-in player of a route behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 401, 'Sign in first');
  return request.user;
}

export type AuthHookOptions = { service: AuthService };

export const authHookPlugin = fp(
  async (app: FastifyInstance, { service }: AuthHookOptions) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tempUserId', null);

    app.addHook('onRequest', async (request) => {
      const raw = request.headers[HEADERS.tempUserId];
      // A malformed guest id is ignored rather than refused: it must never break a page.
      if (typeof raw === 'string' && ZUuid.safeParse(raw).success) request.tempUserId = raw.toLowerCase();
    });

    const authenticate = async (request: FastifyRequest, required: boolean, embedded = false) => {
      const token = bearerToken(request);
      if (!token) {
        if (required) throw new AppError('UNAUTHORIZED', 401, 'UNAUTHORIZED! INVALID_TOKEN!');
        return;
      }
      try {
        request.user = embedded ? await service.authenticateEmbedded(token) : await service.authenticate(token);
      } catch (error) {
        if (error instanceof TokenError) {
          request.log.info({ reason: error.reason }, 'player token refused');
          throw new AppError('UNAUTHORIZED', 401, 'UNAUTHORIZED! INVALID_TOKEN!');
        }
        throw error;
      }
    };
    app.decorate('requireUser', (request: FastifyRequest) => authenticate(request, true));
    app.decorate('optionalUser', (request: FastifyRequest) => authenticate(request, false));
    app.decorate('requireEmbeddedUser', (request: FastifyRequest) => authenticate(request, true, true));
    app.decorate('optionalEmbeddedUser', (request: FastifyRequest) => authenticate(request, false, true));
  },
  { name: 'auth-hook' },
);
