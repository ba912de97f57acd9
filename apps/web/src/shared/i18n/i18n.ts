import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@portal/contracts/languages';
import { files } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { resolveLanguage } from './resolve-language';

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

export function initialLanguage(): Language {
  return resolveLanguage({
    pathname: window.location.pathname,
    stored: storage.get(STORAGE_KEYS.language),
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  });
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

/**
 * Resources come over HTTP (`public/locales/{lng}/translation.json`), never in the bundle.
 * The backend's defaults are the spec's retry rule: 5 retries from 350 ms, doubling, at most
 * 10 reads in parallel.
 */
export function initI18n(lng: Language = initialLanguage()) {
  return i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend: { loadPath: files.locales },
      interpolation: { escapeValue: false },
    });
}
