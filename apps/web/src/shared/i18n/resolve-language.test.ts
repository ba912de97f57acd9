import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contracts/languages';
import { normalizeLanguage } from '@portal/contracts/languages';
import { fixGamesPath, resolveLanguage, switcherLanguages, withGamesLanguage } from './resolve-language';

describe('resolveLanguage', () => {
  it('takes the second path segment when it is supported', () => {
    expect(resolveLanguage({ pathname: '/games/ru/', stored: 'en', browser: 'de-DE' })).toBe('ru');
    expect(resolveLanguage({ pathname: '/games/ja/familytown/', stored: 'en' })).toBe('ja');
  });

  it('falls back to the saved language when the segment is not a language', () => {
    expect(resolveLanguage({ pathname: '/games/xx/', stored: 'fr', browser: 'de' })).toBe('fr');
    expect(resolveLanguage({ pathname: '/support/tickets', stored: 'ko', browser: 'de' })).toBe('ko');
  });

  it('ignores an unsupported saved language and uses the browser language', () => {
    expect(resolveLanguage({ pathname: '/prices', stored: 'xx', browser: 'de-AT' })).toBe('de');
    expect(resolveLanguage({ pathname: '/prices', stored: null, browser: 'pt-BR' })).toBe('pt');
  });

  it('ends with English', () => {
    expect(resolveLanguage({ pathname: '/', stored: null, browser: 'sv-SE' })).toBe('en');
    expect(resolveLanguage({ pathname: '/' })).toBe('en');
  });

  it('on portal pages speaks ru or en only: saved choice, browser, then English', () => {
    expect(resolveLanguage({ pathname: '/games/de/', stored: null, browser: 'de-DE', portal: true })).toBe('en');
    expect(resolveLanguage({ pathname: '/games/ru/', stored: 'de', portal: true })).toBe('ru');
    expect(resolveLanguage({ pathname: '/support/tickets', stored: 'de', browser: 'ru-RU', portal: true })).toBe('ru');
    expect(resolveLanguage({ pathname: '/transactions', stored: 'ru', browser: 'en-US', portal: true })).toBe('ru');
    expect(resolveLanguage({ pathname: '/session/login', stored: 'ko', browser: 'ja', portal: true })).toBe('en');
    // The screens a host embeds keep all ten.
    expect(resolveLanguage({ pathname: '/session/login/-/web', stored: 'ko', browser: 'ja', portal: false })).toBe('ko');
  });

  it('normalizes region and case', () => {
    expect(normalizeLanguage('RU-ru')).toBe('ru');
    expect(normalizeLanguage('zh_CN')).toBe('zh');
    expect(normalizeLanguage('')).toBeUndefined();
  });
});

describe('games paths', () => {
  it('replaces an unsupported language segment by the current language', () => {
    expect(fixGamesPath('/games/xx/', 'en')).toBe('/games/en/');
    expect(fixGamesPath('/games/xx/familytown/', 'ru')).toBe('/games/ru/familytown/');
    expect(fixGamesPath('/games', 'ru')).toBe('/games/ru/');
    expect(fixGamesPath('/games/familytown', 'en')).toBe('/games/en/familytown/');
    // A language the portal does not speak is replaced too.
    expect(fixGamesPath('/games/de/', 'en')).toBe('/games/en/');
    expect(fixGamesPath('/games/ja/familytown/', 'ru')).toBe('/games/ru/familytown/');
  });

  it('leaves good paths and other sections alone', () => {
    expect(fixGamesPath('/games/en/', 'ru')).toBeUndefined();
    expect(fixGamesPath('/prices/xx', 'ru')).toBeUndefined();
  });

  it('rewrites the segment on a language change', () => {
    expect(withGamesLanguage('/games/en/', 'ru')).toBe('/games/ru/');
    expect(withGamesLanguage('/games/en/familytown/', 'ru')).toBe('/games/ru/familytown/');
    expect(withGamesLanguage('/games/en/familytown', 'ru')).toBe('/games/ru/familytown/');
  });

  it('offers ru and en on portal pages and all ten elsewhere', () => {
    expect(switcherLanguages('/games/en/', LANGUAGES)).toEqual(['ru', 'en']);
    expect(switcherLanguages('/prices/familytown', LANGUAGES)).toEqual(['ru', 'en']);
    expect(switcherLanguages('/support/tickets', LANGUAGES)).toHaveLength(10);
  });
});
