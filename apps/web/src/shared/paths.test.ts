import { describe, expect, it } from 'vitest';
import { api, assetUrl, files, paths, withLang } from './paths';

describe('paths', () => {
  it('appends the language to a game frame URL', () => {
    expect(withLang('/demo-games/familytown/index.html', 'ru')).toBe('/demo-games/familytown/index.html?lang=ru');
    expect(withLang('/demo-games/x/index.html?mode=web', 'en')).toBe('/demo-games/x/index.html?mode=web&lang=en');
    expect(withLang('/g/index.html?', 'en')).toBe('/g/index.html?lang=en');
    expect(withLang('/g/index.html#start', 'ja')).toBe('/g/index.html?lang=ja#start');
  });

  it('builds portal links', () => {
    expect(paths.catalogue('en')).toBe('/games/en/');
    expect(paths.game('ru', 'familytown')).toBe('/games/ru/familytown/');
    expect(paths.pricesOf('islandm3')).toBe('/prices/islandm3?project=islandm3');
    expect(files.priceLogo('gems-100', 'gems.svg')).toBe('/prices/gems-100/gems.svg');
    expect(files.legalDoc('PublicOffer', 'ru')).toBe('/docs/RuPublicOffer.html');
    expect(files.legalDoc('PublicOffer', 'de')).toBe('/docs/EnPublicOffer.html');
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
    expect(paths.paymentsDone('eyJ4IjoxfQ')).toBe('/payments/done/eyJ4IjoxfQ');
  });

  it('keeps rooted and absolute asset URLs and serves bare names from /images', () => {
    expect(assetUrl('/images/games/a/logo.svg')).toBe('/images/games/a/logo.svg');
    expect(assetUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(assetUrl('logo.svg')).toBe('/images/logo.svg');
    expect(assetUrl('')).toBeUndefined();
  });
});
