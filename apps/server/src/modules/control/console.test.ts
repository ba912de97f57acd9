import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_IMAGE_KINDS,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_RULES,
  ZAuditEntry,
  ZCatalogImage,
  ZConsoleProjectDetail,
} from '@portal/contracts/catalog-console';
import { jpegHeader, jpegOfSize, pngHeader, pngHeaderOfSize, solidPng } from '../../integrations/uploads/test-files.ts';
import { ZGameRecord, ZInitialConfig, ZPriceItem } from '@portal/contracts/control';
import { ZStaffPayment } from '@portal/contracts/staff';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';

/** The publisher console's catalogue edits, through the real staff sign-in, roles and the portal's reads. */
describe.each(backends)('catalogue console over $name', (backend) => {
  const ADMIN = { email: 'admin@console.example', password: 'admin-password-1' };
  const staffOf = (role: string) => ({ email: `${role}@console.example`, password: `${role}-password-1` });
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let agent: Record<string, string>;
  let finance: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload && { payload }) });
  const publicGames = async () =>
    ZGameRecord.array().parse((await call('GET', '/api/control/get-games-data', {})).json<{ data: unknown }>().data);
  const publicPrices = async (project: string) =>
    ZPriceItem.array().parse((await call('GET', `/api/control/get-prices?project=${project}`, {})).json<{ data: unknown }>().data);
  const detail = async (project: string) =>
    ZConsoleProjectDetail.parse((await call('GET', `/api/staff/catalog/projects/${project}`, editor)).json<{ data: unknown }>().data);

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JOB_POLL_INTERVAL_MS: '3600000' },
      { database: testDb.database },
    );
    await app.ready();
    for (const role of ['catalog', 'support', 'finance'] as const) {
      const member = staffOf(role);
      await app.staff.service.createAccount(member.email, member.password, role);
    }
    admin = await staffHeaders(app, ADMIN.email, ADMIN.password);
    editor = await staffHeaders(app, staffOf('catalog').email, staffOf('catalog').password);
    agent = await staffHeaders(app, staffOf('support').email, staffOf('support').password);
    finance = await staffHeaders(app, staffOf('finance').email, staffOf('finance').password);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('editing', () => {
    it('creates a project with a game and two priced items that the portal serves at once', async () => {
      const created = await call('POST', '/api/staff/catalog/projects', editor, {
        name: 'starfall',
        hostNames: ['Starfall.Example'],
        paymentsMethods: ['yookassa'],
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ data: { name: 'starfall', hostNames: ['starfall.example'], version: 1 } });

      let game = (await detail('starfall')).game;
      const texts = {
        en: { name: 'Starfall', cardDescription: 'Catch falling stars', fullDescription: 'A long text' },
        ru: { name: 'Звездопад', cardDescription: 'Лови звёзды', fullDescription: 'Длинный текст' },
      };
      const webPage = {
        cardBackgroundColor: '#102030',
        cardLogoImage: 'starfall-logo.png',
        footerBackgroundColor: null,
        inDevelop: false,
        isActive: true,
        iframeUrl: 'https://starfall.example/play',
        projectBackgroundFile: 'starfall-bg.png',
        gameImage: 'starfall.png',
      };
      const saved = await call('PATCH', '/api/staff/catalog/projects/starfall/game', editor, {
        version: game.version,
        localization: texts,
        webPage,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      game = saved.json<{ data: typeof game }>().data;
      expect(game.version).toBe(2);

      const listed = (await publicGames()).find((record) => record.project === 'starfall');
      expect(listed?.localization.ru?.name).toBe('Звездопад');
      expect(listed?.web_page?.iframeUrl).toBe('https://starfall.example/play');

      for (const [id, ruValue, enValue] of [
        ['sf-stars-10', 99, 1.99],
        ['sf-stars-50', 449.5, 7.99],
      ] as const) {
        const price = await call('POST', '/api/staff/catalog/projects/starfall/prices', editor, {
          id,
          ruTitle: `${id} ru`,
          ruValue,
          enTitle: `${id} en`,
          enValue,
          logoName: 'coins.png',
        });
        expect(price.statusCode, price.body).toBe(201);
      }
      expect((await publicPrices('starfall')).map((price) => [price.id, price.ruValue, price.enValue])).toEqual([
        ['sf-stars-10', 99, 1.99],
        ['sf-stars-50', 449.5, 7.99],
      ]);
    });

    it('refuses a taken name or host name, a price of zero or below and odd cents, saving nothing', async () => {
      expect((await call('POST', '/api/staff/catalog/projects', editor, { name: 'starfall' })).json()).toMatchObject({
        code: 'PROJECT_EXISTS',
      });
      const host = await call('POST', '/api/staff/catalog/projects', editor, { name: 'moonrise', hostNames: ['starfall.example'] });
      expect(host.statusCode).toBe(409);
      expect(host.json()).toMatchObject({ code: 'HOST_NAME_TAKEN' });
      expect((await call('GET', '/api/staff/catalog/projects/moonrise', editor)).statusCode).toBe(404);

      const familytown = (await detail('familytown')).project;
      const taken = await call('PATCH', '/api/staff/catalog/projects/familytown', editor, {
        version: familytown.version,
        hostNames: ['starfall.example'],
      });
      expect(taken.json()).toMatchObject({ code: 'HOST_NAME_TAKEN' });
      expect((await detail('familytown')).project).toEqual(familytown);

      for (const ruValue of [0, -5, 10.001]) {
        const bad = await call('POST', '/api/staff/catalog/projects/starfall/prices', editor, {
          id: 'sf-bad',
          ruTitle: 'x',
          ruValue,
          enTitle: 'x',
          enValue: 1,
        });
        expect(bad.statusCode, String(ruValue)).toBe(400);
        expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const price = (await detail('starfall')).prices[0]!;
      const zero = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, { version: price.version, enValue: 0 });
      expect(zero.statusCode).toBe(400);
      expect((await detail('starfall')).prices[0]).toEqual(price);
    });

    it('answers a stale save with a conflict that carries the current record', async () => {
      const price = (await detail('starfall')).prices[0]!;
      const first = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, { version: price.version, ruValue: 109 });
      expect(first.statusCode, first.body).toBe(200);
      const second = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, admin, { version: price.version, ruValue: 120 });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'EDIT_CONFLICT', current: { id: price.id, ruValue: 109, version: price.version + 1 } });
      expect((await publicPrices('starfall'))[0]?.ruValue).toBe(109);
    });

    it('keeps the price a payment was created with when the item changes', async () => {
      const key = (await call('POST', '/api/staff/projects/starfall/api-keys', admin)).json<{ key: string }>().key;
      const player = await makePlayer(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: 'sf-stars-50' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const paymentId = created.json<{ paymentId: string }>().paymentId;
      const price = (await detail('starfall')).prices.find((item) => item.id === 'sf-stars-50')!;
      await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, { version: price.version, ruValue: 500, enValue: 9.99 });

      const amountOf = async (id: string) => {
        const payment = ZStaffPayment.parse((await call('GET', `/api/staff/payments/${id}`, finance)).json());
        return { amount: payment.amount, currency: payment.currency };
      };
      const paid = await amountOf(paymentId);
      expect(['449.50', '7.99']).toContain(paid.amount);
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: 'sf-stars-50' },
      });
      const newer = await amountOf(again.json<{ paymentId: string }>().paymentId);
      expect(newer.currency).toBe(paid.currency);
      expect(newer.amount).toBe(paid.currency === 'RUB' ? '500.00' : '9.99');
      expect(await amountOf(paymentId)).toEqual(paid);
    });

    it('names an item in every language with English required; a payment keeps the names it was created with', async () => {
      const created = await call('POST', '/api/staff/catalog/projects/starfall/prices', editor, {
        id: 'sf-moons',
        titles: { en: ' Moon pack ', de: 'Mondpaket', ja: '月のパック', ru: '' },
        ruValue: 10,
        enValue: 1,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        data: { titles: { en: 'Moon pack', de: 'Mondpaket', ja: '月のパック' }, enTitle: 'Moon pack', ruTitle: 'Moon pack' },
      });
      expect(created.json<{ data: { titles: object } }>().data.titles).not.toHaveProperty('ru');
      const listed = (await publicPrices('starfall')).find((item) => item.id === 'sf-moons');
      expect(listed).toMatchObject({ ruTitle: 'Moon pack', enTitle: 'Moon pack', titles: { de: 'Mondpaket' } });

      const nameless = await call('POST', '/api/staff/catalog/projects/starfall/prices', editor, {
        id: 'sf-nameless',
        ruValue: 1,
        enValue: 1,
      });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const noEnglish = await call('POST', '/api/staff/catalog/projects/starfall/prices', editor, {
        id: 'sf-nameless',
        titles: { ru: 'Без имени' },
        ruValue: 1,
        enValue: 1,
      });
      expect(noEnglish.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await detail('starfall')).prices.map((item) => item.id)).not.toContain('sf-nameless');

      let price = (await detail('starfall')).prices.find((item) => item.id === 'sf-moons')!;
      for (const en of ['', '   ']) {
        const empty = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, {
          version: price.version,
          titles: { en, de: 'Neu' },
          ruValue: 20,
        });
        expect(empty.statusCode, JSON.stringify(en)).toBe(400);
        expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('en') });
      }
      expect((await detail('starfall')).prices.find((item) => item.id === 'sf-moons')).toEqual(price);

      // An older client that knows only ruTitle changes the Russian name and keeps the others.
      const legacy = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, {
        version: price.version,
        ruTitle: 'Лунный набор',
      });
      expect(legacy.statusCode, legacy.body).toBe(200);
      price = (await detail('starfall')).prices.find((item) => item.id === 'sf-moons')!;
      expect(price).toMatchObject({
        titles: { en: 'Moon pack', de: 'Mondpaket', ja: '月のパック', ru: 'Лунный набор' },
        ruTitle: 'Лунный набор',
      });

      const key = (await call('POST', '/api/staff/projects/starfall/api-keys', admin)).json<{ key: string }>().key;
      const player = await makePlayer(app);
      const sale = await app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: 'sf-moons' },
      });
      expect(sale.statusCode, sale.body).toBe(201);
      const paymentId = sale.json<{ paymentId: string }>().paymentId;
      const renamed = await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, {
        version: price.version,
        titles: { en: 'Moon crate', de: 'Mondkiste' },
      });
      expect(renamed.json()).toMatchObject({ data: { titles: { en: 'Moon crate', de: 'Mondkiste' }, ruTitle: 'Moon crate' } });

      const titleIn = async (language: string) =>
        (
          (
            await app.inject({
              url: `/api/payments/get-user-payment?paymentId=${paymentId}`,
              headers: { ...player.auth, 'frontend-language': language },
            })
          ).json() as { data: { result: { title: string } } }
        ).data.result.title;
      expect(await titleIn('de')).toBe('Mondpaket');
      expect(await titleIn('ja')).toBe('月のパック');
      expect(await titleIn('ru')).toBe('Лунный набор');
      expect(await titleIn('fr')).toBe('Moon pack');
      const processed = await app.inject({
        url: `/api/payments/process/${paymentId}`,
        headers: { ...player.auth, 'frontend-language': 'de' },
      });
      expect(processed.json()).toMatchObject({ data: { paymentData: { name: 'Mondpaket', ruName: 'Лунный набор', enName: 'Moon pack' } } });
      const staffView = ZStaffPayment.parse((await call('GET', `/api/staff/payments/${paymentId}`, finance)).json());
      expect(staffView).toMatchObject({ titleEn: 'Moon pack', titleRu: 'Лунный набор' });
      const latest = (await detail('starfall')).prices.find((item) => item.id === 'sf-moons')!;
      await call('PATCH', `/api/staff/catalog/prices/${latest.id}`, editor, { version: latest.version, archived: true });
    });

    it('archives an item and a game: off the portal, still in the console', async () => {
      const price = (await detail('starfall')).prices.find((item) => item.id === 'sf-stars-10')!;
      expect(
        (await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, { version: price.version, archived: true })).statusCode,
      ).toBe(200);
      expect((await publicPrices('starfall')).map((item) => item.id)).toEqual(['sf-stars-50']);
      const key = (await call('POST', '/api/staff/projects/starfall/api-keys', admin)).json<{ key: string }>().key;
      const player = await makePlayer(app);
      const archivedSale = await app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key}` },
        payload: { userId: player.id, priceId: price.id },
      });
      expect(archivedSale.json()).toMatchObject({ code: 'PRICE_NOT_FOUND' });

      const game = (await detail('starfall')).game;
      expect(
        (await call('PATCH', '/api/staff/catalog/projects/starfall/game', editor, { version: game.version, archived: true })).statusCode,
      ).toBe(200);
      expect((await publicGames()).map((record) => record.project)).not.toContain('starfall');
      expect((await call('GET', '/api/control/get-game-data?projectName=starfall', {})).statusCode).toBe(404);
      expect((await detail('starfall')).game.archived).toBe(true);
    });
  });

  describe.skipIf(backend.skip)('images', () => {
    const upload = async (headers: Record<string, string>, bytes: Buffer, type: string, field = 'image', kind?: string) => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return app.inject({
        method: 'POST',
        url: kind === undefined ? '/api/staff/catalog/images' : `/api/staff/catalog/images?kind=${encodeURIComponent(kind)}`,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      });
    };

    it('stores an image checked by its content and serves it, also as a price logo', async () => {
      const png = Buffer.concat([pngHeader(), Buffer.alloc(2048, 7)]);
      const res = await upload(editor, png, 'image/png');
      expect(res.statusCode, res.body).toBe(201);
      const image = ZCatalogImage.parse(res.json<{ data: unknown }>().data);
      expect(image).toMatchObject({ mime: 'image/png', size: png.length, url: `/catalog-images/${image.fileName}` });
      const served = await app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);

      const price = (await detail('starfall')).prices.find((item) => item.id === 'sf-stars-50')!;
      await call('PATCH', `/api/staff/catalog/prices/${price.id}`, editor, { version: price.version, logoName: image.fileName });
      const logo = await app.inject({ method: 'GET', url: `/prices/${price.id}/${image.fileName}` });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(png)).toBe(true);
    });

    it('refuses what is not an image, too large, a wrong type, and staff who do not edit', async () => {
      expect((await upload(editor, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).statusCode).toBe(415);
      expect((await upload(editor, Buffer.from('just text, not a picture at all'), 'image/png')).statusCode).toBe(415);
      expect((await upload(editor, jpegHeader(), 'video/mp4')).statusCode).toBe(415);
      const huge = await upload(editor, Buffer.concat([pngHeader(), Buffer.alloc(CATALOG_IMAGE_MAX_BYTES)]), 'image/png');
      expect(huge.statusCode).toBe(413);
      expect((await upload(editor, pngHeader(), 'image/png', 'logo')).statusCode).toBe(400);
      expect((await upload(agent, pngHeader(), 'image/png')).statusCode).toBe(403);
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=nothing-here']) {
        const broken = await app.inject({
          method: 'POST',
          url: '/api/staff/catalog/images',
          headers: { ...editor, 'content-type': contentType },
          payload: 'not a multipart body',
        });
        expect(broken.statusCode, contentType).toBe(400);
      }
      expect((await app.inject({ method: 'GET', url: '/catalog-images/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/catalog-images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    });

    it.each(CATALOG_IMAGE_KINDS)(
      'takes a %s of the smallest size it is shown at, and refuses a smaller one naming that size',
      async (kind) => {
        const rule = CATALOG_IMAGE_RULES[kind];
        const fits = await upload(editor, solidPng(rule.minWidth, rule.minHeight), 'image/png', 'image', kind);
        expect(fits.statusCode, fits.body).toBe(201);
        const image = ZCatalogImage.parse(fits.json<{ data: unknown }>().data);
        expect(image).toMatchObject({ width: rule.minWidth, height: rule.minHeight, mime: 'image/png' });
        expect((await app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);

        const small = await upload(editor, solidPng(rule.minWidth - 1, rule.minHeight), 'image/png', 'image', kind);
        expect(small.statusCode).toBe(400);
        expect(small.json()).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
        expect(small.json<{ message: string }>().message).toContain(`at least ${rule.minWidth}×${rule.minHeight} px`);
        expect(small.json<{ message: string }>().message).toContain(`${rule.minWidth - 1}×${rule.minHeight} px`);
      },
    );

    it('refuses a picture far from the shape where it is cropped or squeezed, and lets a letterboxed logo be any shape', async () => {
      const wide = await upload(editor, jpegOfSize(1600, 600), 'image/jpeg', 'image', 'gameImage');
      expect(wide.statusCode).toBe(400);
      expect(wide.json()).toMatchObject({ code: 'IMAGE_WRONG_SHAPE' });
      expect(wide.json<{ message: string }>().message).toContain('16:10');
      expect(wide.json<{ message: string }>().message).toContain('960×600 px');
      // Within the tolerance of 16:10 (1.6): 1000x600 is 1.67.
      expect((await upload(editor, jpegOfSize(1000, 600), 'image/jpeg', 'image', 'gameImage')).statusCode).toBe(201);
      for (const kind of ['favicon', 'appleTouchIcon', 'priceLogo'] as const) {
        const rule = CATALOG_IMAGE_RULES[kind];
        const oblong = await upload(editor, solidPng(rule.minWidth * 2, rule.minHeight), 'image/png', 'image', kind);
        expect(oblong.json(), kind).toMatchObject({ code: 'IMAGE_WRONG_SHAPE' });
      }
      const og = await upload(editor, solidPng(1200, 1200), 'image/png', 'image', 'ogImage');
      expect(og.json()).toMatchObject({ code: 'IMAGE_WRONG_SHAPE' });
      expect((await upload(editor, solidPng(1000, 1000), 'image/png', 'image', 'cardLogo')).statusCode).toBe(201);
      // A photo turned by its EXIF orientation counts as shown: 600x960 stored, 960x600 seen.
      expect((await upload(editor, jpegOfSize(600, 960, 6), 'image/jpeg', 'image', 'gameImage')).statusCode).toBe(201);
    });

    it('checks the single-game art against where the site shows it: cropped art of any shape, buttons of their own shape', async () => {
      // The backgrounds and the age check window are cropped to fill: portrait or landscape both fit.
      const sizes = [
        ['singleGameBackground', 1920, 1080, 1920, 2400],
        ['singleGameBackgroundSmall', 1024, 1024, 1080, 1920],
        ['singleGamePopup', 1120, 800, 1600, 800],
        ['singleGamePopupSmall', 720, 900, 1440, 900],
      ] as const;
      for (const [kind, width, height, otherWidth, otherHeight] of sizes) {
        expect(CATALOG_IMAGE_RULES[kind]).toEqual({ minWidth: width, minHeight: height });
        expect((await upload(editor, solidPng(width, height), 'image/png', 'image', kind)).statusCode, kind).toBe(201);
        expect((await upload(editor, solidPng(otherWidth, otherHeight), 'image/png', 'image', kind)).statusCode, kind).toBe(201);
        const short = await upload(editor, solidPng(width, height - 1), 'image/png', 'image', kind);
        expect(short.statusCode, kind).toBe(400);
        expect(short.json(), kind).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
      }
      // The buttons are stretched to 360x72 and 260x56 CSS px: twice that, and about that shape.
      expect((await upload(editor, solidPng(720, 144), 'image/png', 'image', 'singleGameButton')).statusCode).toBe(201);
      expect((await upload(editor, solidPng(1440, 288), 'image/png', 'image', 'singleGameButton')).statusCode).toBe(201);
      const small = await upload(editor, solidPng(360, 72), 'image/png', 'image', 'singleGameButton');
      expect(small.statusCode).toBe(400);
      expect(small.json<{ message: string }>()).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
      expect(small.json<{ message: string }>().message).toContain('An age check button must be at least 720×144 px');
      const square = await upload(editor, solidPng(720, 720), 'image/png', 'image', 'singleGameButton');
      expect(square.statusCode).toBe(400);
      expect(square.json()).toMatchObject({ code: 'IMAGE_WRONG_SHAPE' });
      expect(square.json<{ message: string }>().message).toContain('5:1');
      expect((await upload(editor, solidPng(520, 112), 'image/png', 'image', 'singleGameButtonSmall')).statusCode).toBe(201);
      const tall = await upload(editor, solidPng(520, 160), 'image/png', 'image', 'singleGameButtonSmall');
      expect(tall.statusCode).toBe(400);
      expect(tall.json()).toMatchObject({ code: 'IMAGE_WRONG_SHAPE' });
      const tiny = await upload(editor, solidPng(260, 56), 'image/png', 'image', 'singleGameButtonSmall');
      expect(tiny.statusCode).toBe(400);
      expect(tiny.json()).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
    });

    it('refuses with a checked kind what is not an image, a damaged one, an unknown kind and too many bytes', async () => {
      expect((await upload(editor, Buffer.from('just text, not a picture at all'), 'image/png', 'image', 'cardLogo')).statusCode).toBe(415);
      const damaged = await upload(editor, pngHeader().subarray(0, 20), 'image/png', 'image', 'cardLogo');
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json()).toMatchObject({ code: 'IMAGE_UNREADABLE' });
      const unknown = await upload(editor, solidPng(700, 400), 'image/png', 'image', 'poster');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const huge = await upload(
        editor,
        Buffer.concat([solidPng(700, 400), Buffer.alloc(CATALOG_IMAGE_MAX_BYTES)]),
        'image/png',
        'image',
        'cardLogo',
      );
      expect(huge.statusCode).toBe(413);
      // The request after a refused one is served as usual.
      expect((await upload(editor, solidPng(640, 360), 'image/png', 'image', 'cardLogo')).statusCode).toBe(201);
    });

    it('refuses a picture past the pixel cap, with or without a kind: a small file may declare gigapixels', async () => {
      for (const [width, height] of [
        [50_000, 50_000],
        [8193, 600],
        [7000, 7000],
      ] as const) {
        for (const kind of [undefined, 'background']) {
          const res = await upload(editor, pngHeaderOfSize(width, height), 'image/png', 'image', kind);
          expect(res.statusCode, `${width}x${height} ${kind}`).toBe(400);
          expect(res.json(), `${width}x${height}`).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: expect.stringContaining('8192') });
        }
      }
      expect((await upload(editor, solidPng(1920, 1080), 'image/png', 'image', 'background')).statusCode).toBe(201);
    });
  });

  describe.skipIf(backend.skip)('page metadata and legal documents', () => {
    const initialConfig = async (project: string) =>
      ZInitialConfig.parse((await call('GET', `/api/control/get-initial-config?project=${project}`, {})).json<{ data: unknown }>().data);

    it('serves on the game page the Open Graph texts and images the console saved for the project', async () => {
      const project = (await detail('familytown')).project;
      const en = {
        title: 'Family Town',
        ogTitle: 'Build your town',
        ogDescription: 'A cosy town builder',
        ogSiteName: 'Family Town',
        ogUrl: 'https://familytown.example/',
        ogType: 'website',
        ogImage: '/catalog-images/0123456789abcdef0123456789abcdef.png',
        faviconImage: '/catalog-images/fedcba9876543210fedcba9876543210.png',
        appleTouchImage: '/catalog-images/00112233445566778899aabbccddeeff.png',
      };
      const saved = await call('PATCH', '/api/staff/catalog/projects/familytown', editor, {
        version: project.version,
        seoData: { ...project.seoData, en },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const record = ZGameRecord.parse(
        (await call('GET', '/api/control/get-game-data?projectName=familytown', {})).json<{ data: unknown }>().data,
      );
      expect(record.seoData.en).toEqual(en);
      // A language the project has no metadata for keeps the game record's own.
      const { ru: _ru, ...withoutRu } = { ...project.seoData, en };
      const again = await call('PATCH', '/api/staff/catalog/projects/familytown', editor, {
        version: project.version + 1,
        seoData: withoutRu,
      });
      expect(again.statusCode, again.body).toBe(200);
      const after = ZGameRecord.parse(
        (await call('GET', '/api/control/get-game-data?projectName=familytown', {})).json<{ data: unknown }>().data,
      );
      expect(after.seoData.ru?.title).toBeTruthy();
      expect(after.seoData.en).toEqual(en);
    });

    it('keeps legal document addresses per language and serves them with the project settings', async () => {
      expect((await initialConfig('starfall')).projects.legalDocs).toBeUndefined();
      const project = (await detail('starfall')).project;
      const legalDocs = {
        en: { publicOffer: 'https://starfall.example/offer', termsOfUse: '/legal/terms.html' },
        ru: { publicOffer: 'https://starfall.example/ru/offer', personalData: '/legal/ru/personal-data.html' },
      };
      const saved = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, { version: project.version, legalDocs });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ data: { legalDocs } });
      expect((await detail('starfall')).project.legalDocs).toEqual(legalDocs);
      expect((await initialConfig('starfall')).projects.legalDocs).toEqual(legalDocs);
    });

    it('refuses a legal document address that is not https or a site path, saving nothing', async () => {
      const project = (await detail('starfall')).project;
      for (const address of [
        'http://starfall.example/offer',
        'javascript:alert(1)',
        '//evil.example/offer',
        'legal/offer.html',
        'https://',
        'https://user:secret@starfall.example/offer',
        '/legal/offer page.html',
        '',
        `/${'a'.repeat(2001)}`,
      ]) {
        const bad = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, {
          version: project.version,
          legalDocs: { en: { contacts: address } },
        });
        expect(bad.statusCode, address).toBe(400);
        expect(bad.json(), address).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const unknownDoc = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, {
        version: project.version,
        legalDocs: { xx: { contacts: '/legal/contacts.html' } },
      });
      expect(unknownDoc.statusCode).toBe(400);
      expect((await detail('starfall')).project).toEqual(project);
    });

    it('keeps the failed-attempt limit within 1 to 20 and checks the single-game address', async () => {
      const project = (await detail('starfall')).project;
      const limit = (value: unknown) => [
        { id: 'backgroundColor', value: '#102030' },
        { id: 'failedAttemptLimit', value },
      ];
      for (const value of [0, -1, 21, 1_000_000, 2.5, '5', true]) {
        const bad = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, { version: project.version, extra: limit(value) });
        expect(bad.statusCode, String(value)).toBe(400);
        expect(bad.json<{ message: string }>().message, String(value)).toMatch(/extra\.1\.value/);
      }
      const badColour = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, {
        version: project.version,
        extra: [{ id: 'backgroundColor', value: 'red;}body{display:none' }],
      });
      expect(badColour.statusCode).toBe(400);
      const single = (iframeSrc: string) => ({
        iframeSrc,
        backgroundImageFile: '',
        backgroundFile: '',
        popupFile: '',
        popupSmallFile: '',
        verificationBtnFile: '',
        verificationSmallBtnFile: '',
      });
      for (const iframeSrc of ['javascript:alert(1)', 'https://a.example,b/', 'https://*/x']) {
        const bad = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, {
          version: project.version,
          singleGameSettings: single(iframeSrc),
        });
        expect(bad.statusCode, iframeSrc).toBe(400);
      }
      expect((await detail('starfall')).project).toEqual(project);
      for (const value of [1, 20]) {
        const current = (await detail('starfall')).project;
        const ok = await call('PATCH', '/api/staff/catalog/projects/starfall', editor, { version: current.version, extra: limit(value) });
        expect(ok.statusCode, ok.body).toBe(200);
      }
    });
  });

  describe.skipIf(backend.skip)('access', () => {
    it('lets neither support nor finance staff edit, and nobody without a staff token', async () => {
      const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
        ['GET', '/api/staff/catalog/projects'],
        ['POST', '/api/staff/catalog/projects', { name: 'sneaky' }],
        ['PATCH', '/api/staff/catalog/projects/familytown', { version: 1, outOfCatalog: true }],
        ['PATCH', '/api/staff/catalog/projects/familytown/game', { version: 1, archived: true }],
        ['POST', '/api/staff/catalog/projects/familytown/prices', { id: 'x', ruTitle: 'x', ruValue: 1, enTitle: 'x', enValue: 1 }],
        ['PATCH', '/api/staff/catalog/prices/sf-stars-50', { version: 1, ruValue: 1 }],
      ];
      const player = await makePlayer(app);
      for (const [method, url, body] of calls) {
        expect((await call(method, url, agent, body)).statusCode, `${method} ${url} as support`).toBe(403);
        expect((await call(method, url, finance, body)).statusCode, `${method} ${url} as finance`).toBe(403);
        expect((await call(method, url, player.auth, body)).statusCode, `${method} ${url} as a player`).toBe(401);
      }
      // Finance reads money; a catalogue editor does not.
      expect((await call('GET', '/api/staff/payments?project=starfall', finance)).statusCode).toBe(200);
      expect((await call('GET', '/api/staff/payments?project=starfall', editor)).statusCode).toBe(403);
      expect((await call('GET', '/api/staff/me', finance)).json()).toMatchObject({ data: { role: 'finance' } });
    });

    it('logs every change with who made it, before and after; only admins read the log', async () => {
      expect((await call('GET', '/api/staff/audit', editor)).statusCode).toBe(403);
      const res = await call('GET', '/api/staff/audit?targetType=price&targetId=sf-stars-10', admin);
      expect(res.statusCode, res.body).toBe(200);
      const entries = ZAuditEntry.array().parse(res.json<{ data: unknown }>().data);
      expect(entries.map((entry) => entry.action)).toEqual(['price.archive', 'price.update', 'price.create']);
      expect(entries[1]).toMatchObject({
        staffEmail: staffOf('catalog').email,
        before: { ruValue: 99 },
        after: { ruValue: 109 },
      });
      const all = ZAuditEntry.array().parse((await call('GET', '/api/staff/audit?limit=200', admin)).json<{ data: unknown }>().data);
      expect(all.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['project.create', 'game.archive', 'apiKey.create', 'staff.create']),
      );
      const page = ZAuditEntry.array().parse(
        (await call('GET', `/api/staff/audit?limit=2&before=${all[1]!.id}`, admin)).json<{ data: unknown }>().data,
      );
      expect(page.map((entry) => entry.id)).toEqual([all[2]!.id, all[3]!.id]);
    });
  });
});
