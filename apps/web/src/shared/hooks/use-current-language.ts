import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@portal/contracts/languages';

/** The interface language, as a supported language code. */
export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}
