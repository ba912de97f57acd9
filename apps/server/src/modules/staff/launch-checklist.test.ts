import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLaunchChecklist, type TLaunchChecklist } from '@portal/contracts/staff';
import { buildTestApp } from '../../../test/app.ts';
import { startYookassaFake, type YookassaFake } from '../../integrations/payments/testing/yookassa-fake.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from '../payments/testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@launch.example', ADMIN_PASSWORD: 'admin-password-1' };

/** A new project walks its launch checklist from nothing to ready; until it has a payment method, nothing is sold. */
describe('launch checklist', () => {
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let receiver: WebhookReceiver;
  let kassa: YookassaFake;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = admin) =>
    app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
  const checklist = async (project = 'comet'): Promise<TLaunchChecklist> => {
    const res = await call('GET', `/api/staff/projects/${project}/checklist`);
    expect(res.statusCode, res.body).toBe(200);
    return ZLaunchChecklist.parse(res.json<{ data: unknown }>().data);
  };
  const missing = (list: TLaunchChecklist) => Object.fromEntries(list.checks.map((check) => [check.id, check.missing]));

  beforeAll(async () => {
    // YooKassa with a live shop's key: "payment methods with their keys" means keys for real money.
    kassa = await startYookassaFake({ shopId: '90210', secretKey: 'live_launch_secret' });
    app = await buildTestApp({
      ...ADMIN,
      YOOKASSA_SHOP_ID: '90210',
      YOOKASSA_SECRET_KEY: 'live_launch_secret',
      YOOKASSA_API_BASE: kassa.apiBaseUrl,
    });
    await app.ready();
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await kassa?.close();
  });

  it('names everything a new project lacks, and the game server cannot sell its items yet', async () => {
    expect((await call('POST', '/api/staff/catalog/projects', { name: 'comet' })).statusCode).toBe(201);
    const list = await checklist();
    expect(list.ready).toBe(false);
    expect(missing(list)).toEqual({
      paymentMethods: ['none'],
      webhook: ['url'],
      prices: ['none'],
      texts: [
        'game.en.name',
        'game.en.cardDescription',
        'game.en.fullDescription',
        'game.ru.name',
        'game.ru.cardDescription',
        'game.ru.fullDescription',
      ],
      images: ['cardLogoImage', 'gameImage'],
    });

    const price = await call('POST', '/api/staff/catalog/projects/comet/prices', {
      id: 'comet-dust',
      enTitle: 'Star dust',
      enValue: 0.99,
      ruValue: 79,
    });
    expect(price.statusCode, price.body).toBe(201);
    const key = (await call('POST', '/api/staff/projects/comet/api-keys')).json<{ key: string }>().key;
    const player = await makePlayer(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'comet-dust' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_METHODS_NOT_SET' });
    // The item without a Russian title or a logo is named.
    expect(missing(await checklist())).toMatchObject({
      prices: [],
      texts: expect.arrayContaining(['price.comet-dust.ru']),
      images: expect.arrayContaining(['price.comet-dust']),
    });
  });

  it('is ready once payment methods, a webhook that answered, texts and images are there', async () => {
    const { project } = (await call('GET', '/api/staff/catalog/projects/comet')).json<{ data: { project: { version: number } } }>().data;
    expect(
      (await call('PATCH', '/api/staff/catalog/projects/comet', { version: project.version, paymentsMethods: ['yookassa'] })).statusCode,
    ).toBe(200);
    const { game } = (await call('GET', '/api/staff/catalog/projects/comet')).json<{ data: { game: { version: number } } }>().data;
    const saved = await call('PATCH', '/api/staff/catalog/projects/comet/game', {
      version: game.version,
      localization: {
        en: { name: 'Comet', cardDescription: 'Ride a comet', fullDescription: 'A long ride' },
        ru: { name: 'Комета', cardDescription: 'Лети на комете', fullDescription: 'Долгий полёт' },
      },
      webPage: {
        cardBackgroundColor: null,
        cardLogoImage: 'comet-logo.png',
        footerBackgroundColor: null,
        inDevelop: false,
        isActive: true,
        iframeUrl: 'https://comet.example/play',
        projectBackgroundFile: '',
        gameImage: 'comet.png',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (await call('GET', '/api/staff/catalog/projects/comet')).json<{
      data: { prices: Array<{ id: string; version: number }> };
    }>().data.prices[0]!;
    const named = await call('PATCH', `/api/staff/catalog/prices/${item.id}`, {
      version: item.version,
      ruTitle: 'Звёздная пыль',
      logoName: 'dust.png',
    });
    expect(named.statusCode, named.body).toBe(200);

    expect(missing(await checklist())).toMatchObject({ paymentMethods: [], texts: [], images: [], webhook: ['url'] });
    // Stripe here is the sandbox: on, it is named as having no keys for real money.
    const settings = (await call('GET', '/api/staff/catalog/projects/comet')).json<{ data: { project: { version: number } } }>().data;
    await call('PATCH', '/api/staff/catalog/projects/comet', {
      version: settings.project.version,
      paymentsMethods: ['yookassa', 'stripe'],
    });
    expect(missing(await checklist()).paymentMethods).toEqual(['stripe']);
    const again = (await call('GET', '/api/staff/catalog/projects/comet')).json<{ data: { project: { version: number } } }>().data;
    await call('PATCH', '/api/staff/catalog/projects/comet', { version: again.project.version, paymentsMethods: ['yookassa'] });
    await call('PUT', '/api/staff/projects/comet/webhook', { url: receiver.url }).then(
      (res) => (receiver.secret = res.json<{ secret: string }>().secret),
    );
    expect(missing(await checklist()).webhook).toEqual(['testEvent']);
    receiver.refuseWith = 500;
    await call('POST', '/api/staff/projects/comet/webhook/test');
    expect(missing(await checklist()).webhook).toEqual(['testEvent']);
    receiver.refuseWith = undefined;
    await call('POST', '/api/staff/projects/comet/webhook/test');
    const ready = await checklist();
    expect(ready).toMatchObject({ project: 'comet', ready: true });
    expect(ready.checks.every((check) => check.ok)).toBe(true);
  });

  it('is for admin and catalogue staff; an unknown project is 404', async () => {
    await app.staff.service.createAccount('agent@launch.example', 'agent-password-1', 'support');
    const agent = await staffHeaders(app, 'agent@launch.example', 'agent-password-1');
    expect((await call('GET', '/api/staff/projects/comet/checklist', undefined, agent)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/projects/nosuchgame/checklist')).statusCode).toBe(404);
  });
});
