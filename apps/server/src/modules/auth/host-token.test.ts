import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HELP_REASON_VALUES } from '@portal/contracts/payments-constants';
import { buildTestApp } from '../../../test/app.ts';
import { createTicketAs } from '../../../test/tickets.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';
import { STAFF_AUDIENCE } from '../staff/service.ts';
import { PAYMENT_AUDIENCE } from '../../integrations/tokens/token-service.ts';
import { RESERVED_PROJECT_NAMES } from '@portal/contracts/control-constants';

/**
 * What a host embedding the portal's screens gets in `authResult`: a token of the player for its
 * project, short-lived, that the screens it embeds take and the portal's account routes refuse.
 * And every kind of token has its own `typ` and key, so none passes for another.
 */
describe('host tokens and token kinds', () => {
  const ADMIN = { ADMIN_EMAIL: 'admin@host-token.example', ADMIN_PASSWORD: 'admin-password-1' };
  let app: FastifyInstance;
  let player: Awaited<ReturnType<typeof makePlayer>>;
  let host: Record<string, string>;
  let hostJwt: string;
  const payments: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const createTicket = (auth: Record<string, string>, project: string) =>
    createTicketAs(app, auth, project, `About ${project}`, '<p>Help</p>');

  beforeAll(async () => {
    app = await buildTestApp(ADMIN, { jobs: false });
    player = await makePlayer(app, 'Hosted');
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (const [project, priceId] of [
      ['familytown', 'ft-coins-100'],
      ['neuroarena', 'na-gems-80'],
    ] as const) {
      const key = (await call('POST', `/api/staff/projects/${project}/api-keys`, admin)).json<{ key: string }>().key;
      const created = await call('POST', '/api/v1/payments', { authorization: `Bearer ${key}` }, { userId: player.id, priceId });
      expect(created.statusCode, created.body).toBe(201);
      payments[project] = created.json<{ paymentId: string }>().paymentId;
      // Started at a provider (the sandbox here): a purchase the history lists.
      const started = await call('GET', `/api/payments/yookassa/create/${payments[project]}`, player.auth);
      expect(started.statusCode, started.body).toBe(200);
    }
    const issued = await call('POST', '/api/auth/host-token', player.auth, { project: 'familytown' });
    expect(issued.statusCode, issued.body).toBe(200);
    hostJwt = issued.json<{ data: { jwt: string } }>().data.jwt;
    host = { authorization: `Bearer ${hostJwt}` };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is a host+jwt for the project, 12 hours, verifiable with the published keys', async () => {
    const header = decodeProtectedHeader(hostJwt);
    expect(header.typ).toBe('host+jwt');
    const claims = decodeJwt(hostJwt);
    expect(claims).toMatchObject({ aud: 'familytown', sub: player.id, project: 'familytown' });
    expect(claims.exp! - claims.iat!).toBe(12 * 60 * 60);
    const jwks = (await app.inject('/.well-known/jwks.json')).json();
    const verified = await jwtVerify(hostJwt, createLocalJWKSet(jwks), { issuer: 'http://localhost:8080', audience: 'familytown' });
    expect(verified.payload.sub).toBe(player.id);
    // Only a signed-in portal session gets one, for a catalogue project.
    expect((await call('POST', '/api/auth/host-token', {}, { project: 'familytown' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/host-token', player.auth, { project: 'no-such-project' })).statusCode).toBe(404);
  });

  it("is refused by the portal's account routes", async () => {
    const refused: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/api/user/get-profile'],
      ['POST', '/api/user/update-profile', { name: 'Mallory', lastName: 'Smith' }],
      ['POST', '/api/user/delete-account', { confirmation: true }],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/game-token', { project: 'familytown' }],
      ['POST', '/api/auth/host-token', { project: 'neuroarena' }],
      ['POST', '/api/auth/merge-anonymous', { tempUserId: '0b7c3c1e-1111-4222-8333-444455556666' }],
      ['POST', '/api/support/merge-user-id'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, host, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
    }
    // The player is still there, with the portal session.
    expect((await call('GET', '/api/user/get-profile', player.auth)).statusCode).toBe(200);
  });

  it("takes the embedded screens' calls for its own project's payments, purchases and tickets only", async () => {
    const own = await call('GET', `/api/payments/process/${payments.familytown}`, host);
    expect(own.statusCode, own.body).toBe(200);
    expect((await call('GET', `/api/payments/get/${payments.familytown}`, host)).statusCode).toBe(200);
    for (const url of [
      `/api/payments/process/${payments.neuroarena}`,
      `/api/payments/get/${payments.neuroarena}`,
      `/api/payments/set-pending/${payments.neuroarena}`,
      `/api/user/get-receipt-link?privatePaymentId=${payments.neuroarena}`,
    ]) {
      expect((await call('GET', url, host)).statusCode, url).toBe(404);
    }
    const history = await call('GET', '/api/payments/get-user-payments', host);
    expect(history.json<{ data: { uuid: string }[] }>().data.map((item) => item.uuid)).toEqual([payments.familytown]);
    const asked = await call('GET', '/api/payments/get-user-payments?project=neuroarena', host);
    expect(asked.json<{ data: unknown[] }>().data).toEqual([]);
    expect((await call('GET', '/api/payments/get-user-payments', player.auth)).json<{ data: unknown[] }>().data).toHaveLength(2);
    const help = await call('POST', '/api/payments/send-letter-support', host, {
      data: {
        nickName: 'Hosted',
        currentAuthType: 'email',
        email: 'a@b.example',
        reason: PAYMENT_HELP_REASON_VALUES[0],
        paymentId: payments.neuroarena,
      },
    });
    expect(help.statusCode).toBe(404);

    // Tickets: a host's token writes to its project, whatever the header says, and sees only those.
    const portalTicket = await createTicket(player.auth, 'neuroarena');
    const hostTicket = await createTicket(host, 'neuroarena');
    const listed = (await call('GET', '/api/support/get-tickets', host)).json<{ data: { id: string }[] }>().data.map((t) => t.id);
    expect(listed).toEqual([hostTicket]);
    expect((await call('GET', `/api/support/get-ticket?id=${portalTicket}`, host)).statusCode).toBe(404);
    expect((await call('GET', `/api/support/get-ticket?id=${hostTicket}`, player.auth)).statusCode).toBe(200);

    // The login screen's check reports it as a live session, and /user/me names the player.
    expect((await call('GET', `/api/auth/check/${hostJwt}`, {})).json()).toMatchObject({ data: { result: true, userId: player.id } });
    expect((await call('GET', '/api/user/me', host)).json()).toMatchObject({ data: { userId: player.id } });
  });

  it("keeps project names out of the portal's own audiences", async () => {
    expect(RESERVED_PROJECT_NAMES).toContain(STAFF_AUDIENCE);
    expect(RESERVED_PROJECT_NAMES).toContain(PAYMENT_AUDIENCE);
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (const name of [STAFF_AUDIENCE, PAYMENT_AUDIENCE, 'Portal-Staff']) {
      const res = await call('POST', '/api/staff/catalog/projects', admin, { name });
      expect(res.statusCode, name).toBe(400);
    }
  });

  it('keeps every kind of token apart by typ and key, whatever its audience', async () => {
    const { tokens } = app.accounts;
    const portal = 'http://localhost:8080';
    // A game token made out to the portal's own audience is still no portal session.
    const game = await tokens.signToken('game', { sub: player.id, aud: portal, ttlSeconds: 60 });
    const staff = await tokens.signToken('staff', { sub: player.id, aud: portal, ttlSeconds: 60 });
    const hostForPortal = await tokens.signToken('host', { sub: player.id, aud: portal, ttlSeconds: 60 });
    for (const { token } of [game, staff, hostForPortal]) {
      expect((await call('GET', '/api/user/get-profile', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    }
    // A player token made out to the staff audience is no staff token.
    const playerAsStaff = await tokens.signPlayerToken({ sub: player.id, aud: STAFF_AUDIENCE, ttlSeconds: 60, extra: { sv: 1 } });
    expect((await call('GET', '/api/staff/me', { authorization: `Bearer ${playerAsStaff.token}` })).statusCode).toBe(401);
    // Each kind signs with a key of its own; staff keys are never published.
    const kid = (token: string) => decodeProtectedHeader(token).kid;
    const kids = new Set([game, staff, hostForPortal, playerAsStaff].map(({ token }) => kid(token)));
    expect(kids.size).toBe(4);
    const published = (await app.inject('/.well-known/jwks.json')).json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);
    expect(published).toContain(kid(game.token));
    expect(published).toContain(kid(hostForPortal.token));
    expect(published).toContain(kid(playerAsStaff.token));
    expect(published).not.toContain(kid(staff.token));
  });
});
