import type { FastifyInstance } from 'fastify';
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

  const buy = (headers: Record<string, string>, body: unknown, project = 'familytown') =>
    app.inject({ method: 'POST', url: `/demo-games/api/${project}/purchases`, headers, payload: body as Record<string, unknown> });

  it.skipIf(backend.skip)('creates the payment for the signed-in player from the price list and reads it back credited once paid', async () => {
    const player = await makePlayer(app);
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
  });

  it.skipIf(backend.skip)('refuses guests, unknown prices and projects, extra fields and other players’ purchases with 4xx', async () => {
    const player = await makePlayer(app);
    const other = await makePlayer(app, 'Other');
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

  it.skipIf(backend.skip)('leaves the demo games’ static files where they were', async () => {
    const page = await app.inject('/demo-games/familytown/index.html');
    expect(page.statusCode).toBe(200);
  });
});
