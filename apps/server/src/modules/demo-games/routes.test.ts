import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer } from '../payments/testing/helpers.ts';
import { demoPayload, type TDemoPurchase } from './routes.ts';

describe.each(backends)('demo game server over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({}, { database: testDb.database });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  /** A demo player with the token their game got in userAuth (aud = the project), as headers. */
  const gamePlayer = async (nickName = 'Player', project = 'familytown') => {
    const player = await makePlayer(app, nickName);
    const row = await app.accounts.service.users.findById(player.id);
    const { jwt } = await app.accounts.service.issueGameToken(row!, project);
    return { ...player, portalAuth: player.auth, auth: { authorization: `Bearer ${jwt}` }, gameToken: jwt };
  };

  const buy = (headers: Record<string, string>, body: unknown, project = 'familytown') =>
    app.inject({ method: 'POST', url: `/demo-games/api/${project}/purchases`, headers, payload: body as Record<string, unknown> });

  it.skipIf(backend.skip)(
    'creates the payment for the signed-in player from the price list and reads it back credited once paid',
    async () => {
      const player = await gamePlayer();
      const res = await buy(player.auth, { priceId: 'ft-coins-100' });
      expect(res.statusCode).toBe(201);
      const purchase = res.json<TDemoPurchase>();
      expect(purchase).toMatchObject({ status: 'none', priceId: 'ft-coins-100', credited: false, title: { en: 'Bag of coins' } });
      expect(purchase.paymentUrl).toBe(`http://localhost:8080/payments/process/${purchase.paymentId}`);

      // The same payment as a game server's: the player's, the project's, the price from the list.
      const row = await app.payments.service.getForProject('familytown', purchase.paymentId);
      expect(row).toMatchObject({ userId: player.id, priceId: 'ft-coins-100', payload: demoPayload('ft-coins-100') });
      expect(row.ruAmountMinor).toBe(7900);

      await app.payments.service.move(purchase.paymentId, 'paid');
      const read = await app.inject({ url: `/demo-games/api/familytown/purchases/${purchase.paymentId}`, headers: player.auth });
      expect(read.statusCode).toBe(200);
      expect(read.json<TDemoPurchase>()).toMatchObject({ status: 'paid', credited: true });
    },
  );

  it.skipIf(backend.skip)('refuses guests, unknown prices and projects, extra fields and other players’ purchases with 4xx', async () => {
    const player = await gamePlayer();
    const other = await gamePlayer('Other');
    expect((await buy({}, { priceId: 'ft-coins-100' })).statusCode).toBe(401);
    expect((await buy({ authorization: 'Bearer not-a-token' }, { priceId: 'ft-coins-100' })).statusCode).toBe(401);
    const unknownPrice = await buy(player.auth, { priceId: 'na-gems-80' });
    expect(unknownPrice.statusCode).toBe(404);
    expect(unknownPrice.json()).toMatchObject({ code: 'PRICE_NOT_FOUND' });
    const unknownProject = await buy(player.auth, { priceId: 'ft-coins-100' }, 'someone-elses-game');
    expect(unknownProject.statusCode).toBe(404);
    expect(unknownProject.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    expect((await buy(player.auth, { priceId: 'ft-coins-100', amount: 1 })).statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: '/demo-games/api/familytown/purchases',
      headers: { ...player.auth, 'content-type': 'application/json' },
      payload: '{"priceId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('code');

    const mine = (await buy(player.auth, { priceId: 'ft-coins-100' })).json<TDemoPurchase>();
    const theirs = await app.inject({ url: `/demo-games/api/familytown/purchases/${mine.paymentId}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    const missing = await app.inject({ url: '/demo-games/api/familytown/purchases/nope', headers: player.auth });
    expect(missing.statusCode).toBe(404);
  });

  it.skipIf(backend.skip)('takes only the game token of this project: not the portal session, not another game’s', async () => {
    const player = await gamePlayer();
    expect((await buy(player.portalAuth, { priceId: 'ft-coins-100' })).statusCode).toBe(401);
    const neuro = await gamePlayer('Neuro', 'neuroarena');
    expect((await buy(neuro.auth, { priceId: 'ft-coins-100' })).statusCode).toBe(401);
    expect((await buy(player.auth, { priceId: 'ft-coins-100' })).statusCode).toBe(201);
  });

  it.skipIf(backend.skip)('a game token opens none of the portal’s account routes', async () => {
    const player = await gamePlayer();
    const calls = [
      app.inject({ url: '/api/user/get-profile', headers: player.auth }),
      app.inject({ method: 'POST', url: '/api/user/update-profile', headers: player.auth, payload: { name: 'Eve', lastName: 'Evil' } }),
      app.inject({ method: 'POST', url: '/api/user/delete-account', headers: player.auth, payload: { confirmation: true } }),
      app.inject({
        method: 'POST',
        url: '/api/payments/update-mail-to-receive-check',
        headers: player.auth,
        payload: { email: 'eve@evil.example' },
      }),
      app.inject({ method: 'POST', url: '/api/auth/game-token', headers: player.auth, payload: { project: 'neuroarena' } }),
      app.inject({ url: '/api/payments/get-user-payments', headers: player.auth }),
    ];
    for (const call of await Promise.all(calls)) expect(call.statusCode, call.body).toBe(401);
    expect((await app.inject({ url: `/api/auth/check/${player.gameToken}` })).json()).toEqual({ data: { result: false } });
    // the account is untouched and the portal session still works
    expect((await app.inject({ url: '/api/user/get-profile', headers: player.portalAuth })).statusCode).toBe(200);
  });

  it.skipIf(backend.skip)('the portal session mints a game token verifiable with the JWKS, for known projects only', async () => {
    const player = await makePlayer(app);
    const minted = await app.inject({
      method: 'POST',
      url: '/api/auth/game-token',
      headers: player.auth,
      payload: { project: 'familytown' },
    });
    expect(minted.statusCode).toBe(200);
    const { jwt, expiresAt } = minted.json<{ data: { jwt: string; expiresAt: string } }>().data;
    const jwks = createLocalJWKSet((await app.inject('/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(jwt, jwks, { issuer: 'http://localhost:8080', audience: 'familytown' });
    expect(payload).toMatchObject({ sub: player.id, project: 'familytown', nickName: 'Player', currentAuthType: 'email' });
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/game-token',
      headers: player.auth,
      payload: { project: 'not-a-project' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/auth/game-token', payload: { project: 'familytown' } })).statusCode).toBe(401);
  });

  it.skipIf(backend.skip)('leaves the demo games’ static files where they were', async () => {
    const page = await app.inject('/demo-games/familytown/index.html');
    expect(page.statusCode).toBe(200);
  });
});
