import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@portal/contracts/languages';
import { LANGUAGE_NAMES, currentLanguage, setLanguage } from '@/shared/i18n/i18n';

/** The console offers all ten interface languages. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <span className="staff-lang">
      <label htmlFor={id} className="staff-visually-hidden">
        {t('header.language')}
      </label>
      <select id={id} value={value} onChange={(event) => isLanguage(event.target.value) && void setLanguage(event.target.value)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </span>
  );
}
