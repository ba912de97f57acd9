import {
  ZActivateNewPasswordAnswer,
  ZActivateNewPasswordBody,
  ZAppleLoginBody,
  ZSignInNonceAnswer,
  ZSignInNonceBody,
  ZCaptchaChallenge,
  ZCaptchaStateAnswer,
  ZCheckTokenAnswer,
  ZCheckUserAuthStateAnswer,
  ZCodeSentAnswer,
  ZFacebookLoginBody,
  ZGameTokenAnswer,
  ZGameTokenBody,
  ZGoogleLoginNativeBody,
  ZLoginByEmailAnswer,
  ZLoginByEmailBody,
  ZMergeAnonymousBody,
  ZOkAnswer,
  ZRecoveryPasswordAnswer,
  ZRecoveryPasswordBody,
  ZRegisterByEmailAnswer,
  ZRegisterByEmailBody,
  ZResendCodeBody,
  ZRetryAfterError,
  ZSendRecoveryCodeAnswer,
  ZSendRecoveryCodeBody,
  ZSendVerificationCodeAnswer,
  ZSendVerificationCodeBody,
  ZSetUserAuthStateAnswer,
  ZSetUserAuthStateBody,
  ZSignedInAnswer,
  ZTelegramLoginBody,
  ZUserAuthDataId,
  type CurrentAuthType,
} from '@portal/contracts/auth';
import { ZApiError } from '@portal/contracts/errors';
import { AUTH_STATE_HEADERS } from '@portal/contracts/http';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../integrations/captcha/captcha.ts';
import type { SignInProfile } from '../../integrations/sign-in/types.ts';
import { currentUser } from './auth-hook.ts';
import { requestContext } from './context.ts';
import type { NativeVerifiers } from './providers.ts';
import { RetryAfter, type AuthService } from './service.ts';

export type AuthRoutesOptions = {
  service: AuthService;
  captcha: Captcha;
  native: NativeVerifiers;
  /** requests per minute per IP on routes that guess (0: only the global limit) */
  guessLimit: number;
  /** Whether an address's robot checks are hard ones besides the players' count (the staff sign-in's). */
  hardChallengeFor?: (ip: string) => Promise<boolean>;
};

const tags = ['auth'];
/** A header's value when it is one plausible token (a secret is 43 base64url characters). */
const headerValue = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && /^[\w-]{16,128}$/.test(value) ? value : undefined;
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 503: ZApiError };

/** The auth calls of the web client, under /api/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, captcha, native, guessLimit, hardChallengeFor = async () => false },
) => {
  // Per IP and route; over the limit answers 429 RATE_LIMITED through the global plugin's builder.
  const guessing: FastifyContextConfig = guessLimit > 0 ? { rateLimit: { max: guessLimit, timeWindow: 60_000 } } : {};

  app.get(
    '/auth/captcha-challenge',
    {
      schema: {
        tags,
        summary: 'ALTCHA challenge for the robot check (no data wrapper: the widget reads it)',
        description:
          'An address past its failure limit (player or staff sign-in) gets a hard challenge, 8 times the work; its checks accept no easier one.',
        response: { 200: ZCaptchaChallenge },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const hard = (await service.captchaHardFor(request.ip)) || (await hardChallengeFor(request.ip));
      return captcha.createChallenge(hard ? 'hard' : 'normal');
    },
  );

  app.get(
    '/auth/captcha-state',
    {
      schema: {
        tags,
        summary: 'Whether this address must pass the robot check on its next try',
        response: { 200: data(ZCaptchaStateAnswer), ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: { required: await service.captchaRequired(requestContext(request)) } };
    },
  );

  app.post(
    '/auth/register-by-email',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Start a registration (robot check required): mails a 6-digit code, answers the flow token',
        body: ZRegisterByEmailBody,
        response: { 200: data(ZRegisterByEmailAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, password, altcha } = request.body;
      return { data: await service.registerByEmail(email, password, requestContext(request, altcha)) };
    },
  );

  app.post(
    '/auth/send-verification-code',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Confirm the registration code: creates the player and signs in',
        body: ZSendVerificationCodeBody,
        response: { 200: data(ZSendVerificationCodeAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, code, flowToken, altcha } = request.body;
      return { data: await service.confirmRegistration(email, code, flowToken, requestContext(request, altcha)) };
    },
  );

  app.post(
    '/auth/login-by-email',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZLoginByEmailBody,
        response: { 200: data(ZLoginByEmailAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, password, altcha } = request.body;
      return { data: await service.loginByEmail(email, password, requestContext(request, altcha)) };
    },
  );

  app.post(
    '/auth/recovery-password',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Mail a password recovery code',
        body: ZRecoveryPasswordBody,
        response: { 200: data(ZRecoveryPasswordAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, altcha } = request.body;
      return { data: await service.requestRecovery(email, requestContext(request, altcha)) };
    },
  );

  app.post(
    '/auth/send-recovery-password-code',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Confirm the recovery code in this flow (its token may then set a new password for 10 minutes)',
        body: ZSendRecoveryCodeBody,
        response: { 200: data(ZSendRecoveryCodeAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, code, flowToken, altcha } = request.body;
      return { data: await service.confirmRecovery(email, code, flowToken, requestContext(request, altcha)) };
    },
  );

  app.post(
    '/auth/activate-new-password',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Set a new password: only the flow that confirmed the recovery code, once',
        body: ZActivateNewPasswordBody,
        response: { 200: data(ZActivateNewPasswordAnswer), ...errors },
      },
    },
    async (request) => {
      const { email, password, flowToken } = request.body;
      return { data: await service.activateNewPassword(email, password, flowToken, requestContext(request)) };
    },
  );

  app.post(
    '/auth/resend-code',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Mail a new code (resets the code); 429 with retryAfter when too early',
        body: ZResendCodeBody,
        response: { 200: data(ZCodeSentAnswer), ...errors, 429: ZRetryAfterError },
      },
    },
    async (request, reply) => {
      const { email, purpose, flowToken } = request.body;
      try {
        return { data: await service.resendCode(purpose, email, flowToken, requestContext(request)) };
      } catch (error) {
        if (!(error instanceof RetryAfter)) throw error;
        return reply
          .code(429)
          .header('retry-after', String(error.retryAfter))
          .send({ code: error.code, message: error.message, retryAfter: error.retryAfter });
      }
    },
  );

  app.get(
    '/auth/check/:jwt',
    {
      schema: {
        tags,
        summary: 'Is this player token valid?',
        params: z.object({ jwt: z.string().max(8192) }),
        response: { 200: data(ZCheckTokenAnswer), ...errors },
      },
    },
    async (request) => ({ data: await service.check(request.params.jwt) }),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Revoke the Bearer token', response: { 200: data(ZOkAnswer), ...errors } },
    },
    async (request) => {
      await service.logout(currentUser(request));
      return { data: { result: true as const } };
    },
  );

  app.post(
    '/auth/game-token',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The player's token for a game (aud = project): what the game gets in userAuth",
        description: 'Verify it with /.well-known/jwks.json (iss = PUBLIC_URL, aud = the project). The portal API refuses it.',
        body: ZGameTokenBody,
        response: { 200: data(ZGameTokenAnswer), ...errors },
      },
    },
    async (request) => ({ data: await service.issueGameToken(currentUser(request).user, request.body.project) }),
  );

  app.post(
    '/auth/host-token',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The player's token for a host embedding the portal's screens (aud = project): what authResult carries",
        description:
          "12 hours, typ host+jwt. The project's payment, purchase and support screens take it (as ?jwt= or Bearer); the portal's account routes refuse it. Verify it with /.well-known/jwks.json (iss = PUBLIC_URL, aud = the project).",
        body: ZGameTokenBody,
        response: { 200: data(ZGameTokenAnswer), ...errors },
      },
    },
    async (request) => ({ data: await service.issueHostToken(currentUser(request).user, request.body.project) }),
  );

  app.post(
    '/auth/merge-anonymous',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Record that a guest id now belongs to the signed-in player',
        body: ZMergeAnonymousBody,
        response: { 200: data(ZOkAnswer), ...errors },
      },
    },
    async (request) => {
      await service.users.recordMerge(request.body.tempUserId.toLowerCase(), currentUser(request).user.id);
      return { data: { result: true as const } };
    },
  );

  // ----------------------------------------------------------------------------------------
  // Outside sign-in: states polled by the opener, and the native/SDK logins.

  app.post(
    '/auth/set-user-auth-state',
    {
      schema: {
        tags,
        summary: 'Create a pending outside sign-in state; answers the secret that reads its result',
        description: 'A live state is refreshed only with its secret in the auth-state-secret header (else 409 AUTH_STATE_TAKEN).',
        body: ZSetUserAuthStateBody,
        response: { 200: data(ZSetUserAuthStateAnswer), ...errors },
      },
    },
    async (request) => {
      const secret = await service.startOutsideSignIn(
        request.body.id,
        request.body.session ?? '',
        headerValue(request.headers[AUTH_STATE_HEADERS.secret]),
      );
      return { data: { result: true as const, secret } };
    },
  );

  app.get(
    '/auth/check-user-auth-state/:id',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The auth result of a state, once, for the window that made it (null while pending)',
        description:
          'Needs the auth-state-secret header (404 without the right one) and, for the result, the auth-state-handoff the callback page posted to its opener.',
        params: z.object({ id: ZUserAuthDataId }),
        response: { 200: data(ZCheckUserAuthStateAnswer), ...errors },
      },
    },
    async (request) => ({
      data: {
        authData: await service.claimOutsideSignIn(
          request.params.id,
          headerValue(request.headers[AUTH_STATE_HEADERS.secret]),
          headerValue(request.headers[AUTH_STATE_HEADERS.handoff]),
        ),
      },
    }),
  );

  const nativeLogin = async (authType: CurrentAuthType, tempUserId: string | null, verify: () => Promise<SignInProfile>) => ({
    result: await service.signInWithIdentity(authType, authType, await verify(), tempUserId),
  });

  app.post(
    '/auth/sign-in-nonce',
    {
      schema: {
        tags,
        summary: 'A one-time nonce for Sign in with Apple (the id token must carry it)',
        body: ZSignInNonceBody,
        response: { 200: data(ZSignInNonceAnswer), ...errors },
      },
    },
    async () => ({ data: { nonce: await native.appleNonce() } }),
  );

  app.post(
    '/auth/apple-login',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Sign in with an Apple id token',
        body: ZAppleLoginBody,
        response: { 200: data(ZSignedInAnswer), ...errors },
      },
    },
    async (request) => ({ data: await nativeLogin('apple', request.tempUserId, () => native.apple(request.body.idToken)) }),
  );

  app.post(
    '/auth/telegram-login',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Sign in with the Telegram login widget data',
        body: ZTelegramLoginBody,
        response: { 200: data(ZSignedInAnswer), ...errors },
      },
    },
    async (request) => ({ data: await nativeLogin('telegram', request.tempUserId, () => native.telegram(request.body.userData)) }),
  );

  app.post(
    '/auth/facebook-login',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Sign in with a Facebook access token (checked with Facebook)',
        body: ZFacebookLoginBody,
        response: { 200: data(ZSignedInAnswer), ...errors },
      },
    },
    async (request) => ({
      data: await nativeLogin('facebook', request.tempUserId, () => native.facebook(request.body.profile.accessToken)),
    }),
  );

  app.post(
    '/auth/google-login-native',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Sign in with a Google access token (checked with Google)',
        body: ZGoogleLoginNativeBody,
        response: { 200: data(ZSignedInAnswer), ...errors },
      },
    },
    async (request) => ({ data: await nativeLogin('google', request.tempUserId, () => native.google(request.body.accessToken)) }),
  );
};
