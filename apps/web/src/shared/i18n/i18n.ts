import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  isLanguage,
  isPortalLanguage,
  type Language,
  type PortalLanguage,
} from '@portal/contracts/languages';
import { files } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { fetchBackend } from './fetch-backend';
import { portalLanguageOf, resolveLanguage } from './resolve-language';

export const i18n = i18next;

/** Language names in their own script: the same in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  zh: '中文',
};

const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language);

/** The first page's language; `portal`: a portal page, which speaks ru or en only. */
export function initialLanguage(portal = false): Language {
  return resolveLanguage({
    pathname: window.location.pathname,
    stored: storage.get(STORAGE_KEYS.language),
    browser: browserLanguage(),
    portal,
  });
}

/** The language a portal page shows now: the current one when ru or en, else the portal's own. */
export function portalLanguageNow(): PortalLanguage {
  const current = currentLanguage();
  return isPortalLanguage(current) ? current : portalLanguageOf({ stored: storage.get(STORAGE_KEYS.language), browser: browserLanguage() });
}

/**
 * A portal page with another interface language (chosen on a host's screens, a German
 * browser) shows ru or en instead; the saved choice stays for the host's screens.
 */
export function showPortalLanguage(): void {
  const lng = portalLanguageNow();
  if (i18next.language !== lng) void i18next.changeLanguage(lng);
}

export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

/** Changes the interface language and remembers the choice. */
export async function setLanguage(lng: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, lng);
  if (i18next.language !== lng) await i18next.changeLanguage(lng);
}

i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** The options the browser's and the server's i18next share (entry-server.tsx). */
export const I18N_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
} as const satisfies InitOptions;

/**
 * Resources come over HTTP (`public/locales/{lng}/translation.json`), never in the bundle,
 * or with a page the server rendered (its language's, `preloaded`): those are not asked for
 * again. i18next's defaults give the retry rule: 5 retries from 350 ms, doubling.
 */
export function initI18n(lng: Language = initialLanguage(), preloaded?: Partial<Record<Language, Record<string, unknown>>>) {
  return i18next
    .use(fetchBackend(files.locales))
    .use(initReactI18next)
    .init({
      lng,
      ...I18N_OPTIONS,
      ...(preloaded && {
        resources: Object.fromEntries(Object.entries(preloaded).map(([language, translation]) => [language, { translation }])),
        partialBundledLanguages: true,
      }),
    });
}
