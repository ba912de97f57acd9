import { describe, expect, it } from 'vitest';
import { isLanguage, isPortalLanguage, LANGUAGES, PORTAL_LANGUAGES } from './languages.ts';

describe('languages', () => {
  it('lists the ten interface languages', () => {
    expect([...LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'ru', 'zh']);
  });

  it('offers only ru and en on the portal', () => {
    expect(PORTAL_LANGUAGES).toEqual(['ru', 'en']);
    expect(isPortalLanguage('de')).toBe(false);
    expect(isPortalLanguage('ru')).toBe(true);
  });

  it('refuses values that are not a supported language', () => {
    for (const value of ['EN', 'xx', '', undefined, 1, 'en-US']) expect(isLanguage(value)).toBe(false);
    expect(isLanguage('ja')).toBe(true);
  });
});
