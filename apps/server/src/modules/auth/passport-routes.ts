import { createHash } from 'node:crypto';
import { PASSPORT_PROVIDERS, ZUserAuthDataId, type CurrentAuthType, type PassportProvider } from '@portal/contracts/auth';
import { ZApiError } from '@portal/contracts/errors';
import { SIGN_IN_CHANNEL, SIGN_IN_HANDOFF_MESSAGE } from '@portal/contracts/http';
import type { FastifyContextConfig, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../integrations/mail/templates.ts';
import { beginSignIn, checkPendingSignIn, parseAuthorizationCallback } from '../../integrations/sign-in/state.ts';
import { SignInError } from '../../integrations/sign-in/types.ts';
import type { SignInProviders } from './providers.ts';
import type { AuthService } from './service.ts';

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

/**
 * The callback page's only script (allowed by its hash): it hands the one-time handoff to the
 * window that opened the sign-in (exactly our own origin), and on a same-origin broadcast
 * channel for a starter that lost the opener handle, then closes the window. The starter,
 * which alone knows the state's secret, then claims the result with both.
 */
const CLOSE_SCRIPT = `(function(){var d=document.getElementById('handoff');if(d){var m={type:${JSON.stringify(SIGN_IN_HANDOFF_MESSAGE)},id:d.getAttribute('data-id'),handoff:d.getAttribute('data-handoff')};try{if(window.opener)window.opener.postMessage(m,location.origin)}catch(e){}try{var c=new BroadcastChannel(${JSON.stringify(SIGN_IN_CHANNEL)});c.postMessage(m);c.close()}catch(e){}}window.close()})();`;
const CLOSE_SCRIPT_HASH = `sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}`;

/** The tiny page the provider's window ends on: it hands over and closes itself; the opener is polling. */
function closingPage(
  reply: FastifyReply,
  publicUrl: string,
  outcome: { id: string; handoff: string } | 'failed' | 'not-started',
): FastifyReply {
  const ok = typeof outcome === 'object';
  const message = ok
    ? 'You are signed in. You can close this window.'
    : outcome === 'not-started'
      ? 'This sign-in was not started from the portal. Close this window and sign in from the game or the portal.'
      : 'Sign-in did not finish. Close this window and try again.';
  const handoff = ok ? `<p id="handoff" hidden data-id="${escapeHtml(outcome.id)}" data-handoff="${escapeHtml(outcome.handoff)}"></p>` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title></head><body><main><p role="status">${escapeHtml(message)}</p>${handoff}<p><a href="${escapeHtml(publicUrl)}/">Back to the portal</a></p></main><script>${CLOSE_SCRIPT}</script></body></html>`;
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
    const found = (PASSPORT_PROVIDERS as readonly string[]).includes(name) ? providers.passport.get(name as PassportProvider) : undefined;
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
      // Only a state a window made with set-user-auth-state (and holds the secret of) may be
      // signed into: a link that names an id of its own finds nothing to attach to.
      if (!(await service.repo.savePendingSignIn(state, pending, new Date()))) {
        request.log.info({ provider: chosen.id }, 'outside sign-in refused: no such state');
        return closingPage(reply, publicUrl, 'not-started');
      }
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/passport/:provider/callback',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Provider callback: stores the auth result, closes the window',
        params: z.object({ provider: z.string().max(32) }),
      },
    },
    async (request, reply) => {
      const chosen = provider(request.params.provider);
      const params = new URL(request.url, 'http://callback.local').searchParams;
      let taken: Awaited<ReturnType<typeof service.repo.takePendingSignIn>>;
      try {
        const { code, state } = parseAuthorizationCallback(chosen.id, params);
        taken = await service.repo.takePendingSignIn(state);
        const pending = checkPendingSignIn(chosen.id, taken, Date.now());
        const profile = await chosen.exchange({
          code,
          codeVerifier: pending.codeVerifier,
          redirectUri: pending.redirectUri,
          callbackParams: params,
        });
        const result = await service.signInWithIdentity(chosen.id, AUTH_TYPE[chosen.id as PassportProvider], profile);
        const handoff = await service.finishOutsideSignIn(pending.userAuthDataId, result);
        return closingPage(reply, publicUrl, { id: pending.userAuthDataId, handoff });
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        request.log.info({ provider: chosen.id, reason: error.reason }, 'outside sign-in failed');
        // A player who declined at the provider just closes the window (1011); any other
        // failure is told to the window that started the sign-in, for the provider's code.
        const declined = params.get('error') === 'access_denied';
        const state = params.get('state');
        if (!declined && !taken && params.has('error') && state) taken = await service.repo.takePendingSignIn(state);
        if (!declined && taken && taken.provider === chosen.id) await service.failOutsideSignIn(taken.userAuthDataId);
        return closingPage(reply, publicUrl, 'failed');
      }
    },
  );
};
