import { describe, expect, it } from 'vitest';
import { api, files, isAt, isInArea, routes, withLang } from './paths';
import { assetUrl } from './asset-url';

describe('paths', () => {
  it('appends the language to a game frame URL', () => {
    expect(withLang('/demo-games/familytown/index.html', 'ru')).toBe('/demo-games/familytown/index.html?lang=ru');
    expect(withLang('/demo-games/x/index.html?mode=web', 'en')).toBe('/demo-games/x/index.html?mode=web&lang=en');
    expect(withLang('/g/index.html?', 'en')).toBe('/g/index.html?lang=en');
    expect(withLang('/g/index.html#start', 'ja')).toBe('/g/index.html?lang=ja#start');
  });

  it('builds portal links', () => {
    expect(routes.catalogue.getHref('en')).toBe('/games/en/');
    expect(routes.game.getHref('ru', 'familytown')).toBe('/games/ru/familytown/');
    expect(routes.prices.getHref('islandm3')).toBe('/prices/islandm3?project=islandm3');
    expect(files.priceLogo('gems-100', 'gems.svg')).toBe('/prices/gems-100/gems.svg');
    expect(files.legalDoc('PublicOffer', 'ru')).toBe('/docs/RuPublicOffer.html');
    expect(files.legalDoc('PublicOffer', 'de')).toBe('/docs/EnPublicOffer.html');
  });

  it('builds every link so that its own route matches it, and no route before it steals it', () => {
    const samples: { [K in keyof typeof routes]: string } = {
      home: routes.home.getHref(),
      login: routes.login.getHref('s-1', 'web'),
      loginEmail: routes.loginEmail.getHref('s-1'),
      registration: routes.registration.getHref(null, 'web'),
      recoveryPassword: routes.recoveryPassword.getHref(),
      deletionPersonalData: routes.deletionPersonalData.getHref(),
      loginDone: routes.loginDone.getHref('eyJ4IjoxfQ'),
      paymentsDone: routes.paymentsDone.getHref('eyJ4IjoxfQ'),
      supportDone: routes.supportDone.getHref('eyJ4IjoxfQ'),
      unauthorized: routes.unauthorized.getHref('eyJ4IjoxfQ'),
      loader: routes.loader.getHref(),
      paymentsProcess: routes.paymentsProcess.getHref('p 1'),
      paymentsYookassa: routes.paymentsYookassa.getHref('p-1'),
      paymentsStripe: routes.paymentsStripe.getHref('p-1'),
      paymentsYandexPay: routes.paymentsYandexPay.getHref('p-1'),
      games: routes.games.getHref('en'),
      catalogue: routes.catalogue.getHref('ru'),
      game: routes.game.getHref('en', 'familytown'),
      supportTickets: routes.supportTickets.getHref(),
      supportTicketCreate: routes.supportTicketCreate.getHref(true),
      supportTicket: routes.supportTicket.getHref('t/1'),
      transactions: routes.transactions.getHref(),
      transactionsHelp: routes.transactionsHelp.getHref('p-1'),
      prices: routes.prices.getHref('islandm3'),
      accountProfile: routes.accountProfile.getHref(),
      accountDelete: routes.accountDelete.getHref(),
    };
    for (const [name, href] of Object.entries(samples)) {
      const route = routes[name as keyof typeof routes];
      expect(isAt(route, new URL(href, 'https://portal.example').pathname), `${name}: ${href}`).not.toBeNull();
    }
    expect(isAt(routes.loginEmail, routes.loginEmail.getHref('s-1'))?.params).toEqual({ session: 's-1', source: undefined });
    expect(isAt(routes.supportTicket, routes.supportTicket.getHref('t/1'))?.params.id).toBe('t/1');
    expect(isInArea(routes.games, '/games')).toBe(true);
    expect(isInArea(routes.games, '/gamesx')).toBe(false);
    expect(isInArea(routes.prices, '/prices/islandm3')).toBe(true);
  });

  it('answers a repeated question from its store, with answers no caller can change', () => {
    const first = isAt(routes.supportTicket, '/support/ticket/t-1');
    expect(isAt(routes.supportTicket, '/support/ticket/t-1')).toBe(first);
    expect(Object.isFrozen(first?.params)).toBe(true);
    expect(isAt(routes.supportTicket, '/support/ticket/t-2')?.params.id).toBe('t-2');
    expect(isAt(routes.supportTicket, '/support/ticket/t-1/more', false)?.params.id).toBe('t-1');
    expect(isAt(routes.supportTicket, '/support/ticket/t-1/more')).toBeNull();
  });

  it('builds the payment calls, encoding ids and the token', () => {
    const id = '0b7d2a4e-1c1f-4e55-9a0e-2d4c5b6a7f80';
    expect(api.paymentProcess(id)).toBe(`/api/payments/process/${id}`);
    expect(api.paymentGet('a/b')).toBe('/api/payments/get/a%2Fb');
    expect(api.paymentEvents('a/b')).toBe('/api/payments/events/a%2Fb');
    expect(api.paymentSetPending(id)).toBe(`/api/payments/set-pending/${id}`);
    expect(api.paymentUpdateReceiptMail()).toBe('/api/payments/update-mail-to-receive-check');
    expect(api.paymentYookassaCreate(id)).toBe(`/api/payments/yookassa/create/${id}`);
    expect(api.paymentYookassaModalClose(id)).toBe(`/api/payments/yookassa/modal-close/${id}`);
    expect(api.paymentStripeCreate(id)).toBe(`/api/payments/stripe/create/${id}`);
    expect(api.paymentStripeCancel()).toBe('/api/payments/stripe/cancellation-payment');
    expect(api.paymentYandexPayCreate()).toBe('/api/payments/yandex-pay/create');
    expect(api.paymentSandboxComplete(id)).toBe(`/api/payments/sandbox/${id}/complete`);
    expect(routes.paymentsDone.getHref('eyJ4IjoxfQ')).toBe('/payments/done/eyJ4IjoxfQ');
  });

  it('keeps rooted and absolute asset URLs and serves bare names from /images', () => {
    expect(assetUrl('/images/games/a/logo.svg')).toBe('/images/games/a/logo.svg');
    expect(assetUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(assetUrl('logo.svg')).toBe('/images/logo.svg');
    expect(assetUrl('')).toBeUndefined();
  });
});
