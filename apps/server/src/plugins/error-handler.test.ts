import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentProviderError } from '../integrations/payments/types.ts';
import { SignInError } from '../integrations/sign-in/types.ts';
import { AppError } from '../lib/app-error.ts';
import { errorHandlerPlugin } from './error-handler.ts';

// The error handler alone, on a small app with a body route (the control API has none yet).
const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/echo', { schema: { body: z.object({ email: z.string().email() }) } }, async (request) => request.body);
  typed.get('/conflict', async () => {
    throw new AppError('TICKET_CLOSED', 409, 'The ticket is closed');
  });
  typed.get('/busy', async () => {
    throw new AppError('TOO_MANY_STREAMS', 429, 'Too many open event streams', { retryAfter: 30 });
  });
  typed.get('/provider', async () => {
    throw new PaymentProviderError('yookassa', 'POST /v3/payments failed: connect ECONNREFUSED 10.1.2.3:443 (shop 65432)', 503);
  });
  typed.get('/sign-in-provider', async () => {
    throw new SignInError('google', 'provider_unavailable', 'google could not be reached: getaddrinfo EAI_AGAIN oauth2.internal');
  });
  typed.get('/boom', async () => {
    throw new Error('secret database detail');
  });
  typed.get(
    '/bad-answer',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () =>
      // Deliberately off-contract: the handler must report it as our bug, not leak it.
      JSON.parse('{"n":"not a number"}') as { n: number },
  );
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it("keeps a provider's own words and addresses in the log: the player reads a plain sentence", async () => {
    const payment = await app.inject('/provider');
    expect(payment.statusCode).toBe(502);
    expect(payment.json()).toEqual({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'The payment provider could not complete the request. Try again in a moment.',
    });
    const signIn = await app.inject('/sign-in-provider');
    expect(signIn.statusCode).toBe(502);
    expect(signIn.json()).toEqual({
      code: 'SIGN_IN_PROVIDER_UNAVAILABLE',
      message: 'The sign-in provider could not be reached. Try again in a moment.',
    });
    expect(payment.body + signIn.body).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|65432|EAI_AGAIN|internal/);
  });

  it('maps AppError to its status and { code, message }', async () => {
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'TICKET_CLOSED', message: 'The ticket is closed' });
  });

  it('sends Retry-After (and retryAfter in the body) when the AppError says when to try again', async () => {
    const busy = await app.inject('/busy');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('30');
    expect(busy.json()).toEqual({ code: 'TOO_MANY_STREAMS', message: 'Too many open event streams', retryAfter: 30 });
    expect((await app.inject('/conflict')).headers['retry-after']).toBeUndefined();
  });

  it('answers 400 VALIDATION_ERROR naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toMatch(/^body\.email: /);
  });

  it('answers 4xx for malformed JSON and a wrong content type', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
    const wrongType = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('hides the details of unexpected errors', async () => {
    for (const url of ['/boom', '/bad-answer']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    }
  });
});
