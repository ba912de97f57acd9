// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contracts/languages';

type Tree = { [key: string]: string | Tree };

const localesDir = fileURLToPath(new URL('../../../public/locales/', import.meta.url));
const load = (lng: string) => JSON.parse(readFileSync(`${localesDir}${lng}/translation.json`, 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that may equal English: nothing but placeholders, digits and punctuation. */
const languageNeutral = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\d\s\p{P}\p{S}]/gu, '') === '';
/** Brand names that stay the same in every language. */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([]);

const english = flatten(load('en'));

describe('locale files', () => {
  it('English holds the product texts word for word', () => {
    expect(english.get('errors.unexpected')).toBe('Unexpected Application Error!');
    expect(english.get('ageGate.confirm')).toBe('I am over 18 years old');
    expect(english.get('ageGate.decline')).toBe('No, I am under 18 years old');
    expect(english.get('catalogue.play')).toBe('Play');
    expect(english.get('catalogue.inDevelopment')).toBe('In development');
    for (const key of [
      'login.enterEmail',
      'login.invalidEmail',
      'login.enterPassword',
      'login.passwordValidation',
      'login.enterPasswordAgain',
      'login.mismatchPassword',
      'login.codeNotValid',
      'support.errorMessageFormat',
      'support.errorMessageSize',
      'support.descriptionEmptyWarning',
    ]) {
      expect(english.get(key), key).toBeTruthy();
    }
  });

  for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const messages = flatten(load(lng));

      it('has exactly the English keys', () => {
        expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('translates every text and keeps its placeholders', () => {
        for (const [key, value] of messages) {
          const en = english.get(key) ?? '';
          expect(value.trim(), `${lng}:${key} is empty`).not.toBe('');
          expect(placeholders(value), `${lng}:${key} placeholders`).toEqual(placeholders(en));
          if (!languageNeutral(en) && !SAME_AS_ENGLISH_ALLOWED.has(key)) {
            expect(value, `${lng}:${key} is an English copy`).not.toBe(en);
          }
        }
      });
    });
  }
});
