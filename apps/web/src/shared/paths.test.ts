import { describe, expect, it } from 'vitest';
import { assetUrl, files, paths, withLang } from './paths';

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

  it('keeps rooted and absolute asset URLs and serves bare names from /images', () => {
    expect(assetUrl('/images/games/a/logo.svg')).toBe('/images/games/a/logo.svg');
    expect(assetUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(assetUrl('logo.svg')).toBe('/images/logo.svg');
    expect(assetUrl('')).toBeUndefined();
  });
});
