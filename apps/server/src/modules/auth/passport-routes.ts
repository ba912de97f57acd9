import { createHash } from 'node:crypto';
import { PASSPORT_PROVIDERS, ZUserAuthDataId, type CurrentAuthType, type PassportProvider } from '@portal/contracts/auth';
import { ZApiError } from '@portal/contracts/errors';
import type { FastifyContextConfig, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../integrations/mail/templates.ts';
import { beginSignIn, checkPendingSignIn, parseAuthorizationCallback } from '../../integrations/sign-in/state.ts';
import { SignInError } from '../../integrations/sign-in/types.ts';
import type { SignInProviders } from './providers.ts';
import { PLAYER_TOKEN_TTL_SECONDS, type AuthService } from './service.ts';

export type PassportRoutesOptions = {
  service: AuthService;
  providers: SignInProviders;
  publicUrl: string;
  guessLimit: number;
};

const AUTH_TYPE: Record<PassportProvider, CurrentAuthType> = {
  google: 'google',
  google_adult: 'google_adult',
  vkontakte: 'vkontakte',
  yandex: 'yandex',
  apple: 'apple',
  telegram: 'telegram',
  facebook: 'facebook',
};

/** `{userAuthDataId}:{session}`; the session part may be empty. */
const ZPassportQuery = z.object({
  state: z
    .string()
    .max(300)
    .transform((value, ctx) => {
      const index = value.indexOf(':');
      const id = index < 0 ? value : value.slice(0, index);
      const session = index < 0 ? '' : value.slice(index + 1);
      if (!ZUserAuthDataId.safeParse(id).success || session.length > 128) {
        ctx.addIssue({ code: 'custom', message: 'state must be {userAuthDataId}:{session}' });
        return z.NEVER;
      }
      return { id, session };
    }),
});

const CLOSE_SCRIPT = 'window.close();';
const CLOSE_SCRIPT_HASH = `sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}`;

/** The tiny page the provider's window ends on: it closes itself; the opener is polling. */
function closingPage(reply: FastifyReply, publicUrl: string, ok: boolean): FastifyReply {
  const message = ok ? 'You are signed in. You can close this window.' : 'Sign-in did not finish. Close this window and try again.';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title></head><body><main><p role="status">${escapeHtml(message)}</p><p><a href="${escapeHtml(publicUrl)}/">Back to the portal</a></p></main><script>${CLOSE_SCRIPT}</script></body></html>`;
  return reply
    .code(ok ? 200 : 400)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src '${CLOSE_SCRIPT_HASH}'; base-uri 'none'; frame-ancestors 'none'`)
    .send(html);
}

/** `/passport/{provider}` and its callback: OAuth code flow with PKCE and a one-time state. */
export const passportRoutes: FastifyPluginAsyncZod<PassportRoutesOptions> = async (app, { service, providers, publicUrl, guessLimit }) => {
  const limited: FastifyContextConfig = guessLimit > 0 ? { rateLimit: { max: guessLimit * 3, timeWindow: 60_000 } } : {};
  const provider = (name: string) => {
    const found = (PASSPORT_PROVIDERS as readonly string[]).includes(name)
      ? providers.passport.get(name as PassportProvider)
      : undefined;
    if (!found) throw new AppError('PROVIDER_NOT_FOUND', 404, `No sign-in provider "${name}" here`);
    return found;
  };

  app.get(
    '/passport/:provider',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Start an outside sign-in (302 to the provider)',
        params: z.object({ provider: z.string().max(32) }),
        querystring: ZPassportQuery,
        response: { 400: ZApiError, 404: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const chosen = provider(request.params.provider);
      const { id, session } = request.query.state;
      const { state, pending, url } = beginSignIn(chosen, {
        userAuthDataId: id,
        session,
        redirectUri: providers.redirectUri(chosen.id),
        now: Date.now(),
      });
      await service.repo.savePendingSignIn(state, pending);
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/passport/:provider/callback',
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Provider callback: stores the auth result, closes the window', params: z.object({ provider: z.string().max(32) }) },
    },
    async (request, reply) => {
      const chosen = provider(request.params.provider);
      const params = new URL(request.url, 'http://callback.local').searchParams;
      try {
        const { code, state } = parseAuthorizationCallback(chosen.id, params);
        const pending = checkPendingSignIn(chosen.id, await service.repo.takePendingSignIn(state), Date.now());
        const profile = await chosen.exchange({
          code,
          codeVerifier: pending.codeVerifier,
          redirectUri: pending.redirectUri,
          callbackParams: params,
        });
        const result = await service.signInWithIdentity(chosen.id, AUTH_TYPE[chosen.id as PassportProvider], profile);
        // The opener picks it up within minutes; keep it no longer than the token itself.
        await service.repo.saveAuthResult(
          pending.userAuthDataId,
          result,
          new Date(Date.now() + Math.min(600, PLAYER_TOKEN_TTL_SECONDS) * 1000),
        );
        return closingPage(reply, publicUrl, true);
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        request.log.info({ provider: chosen.id, reason: error.reason }, 'outside sign-in failed');
        return closingPage(reply, publicUrl, false);
      }
    },
  );
};
