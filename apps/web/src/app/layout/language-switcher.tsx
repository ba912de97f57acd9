import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { LANGUAGE_NAMES, setLanguage } from '@/shared/i18n/i18n';
import { isGamesPath, switcherLanguages, withGamesLanguage } from '@/shared/i18n/resolve-language';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import './language-switcher.css';

/**
 * Language buttons: `languages`, else by path (prices ru and en, other screens all ten); the
 * portal's header passes ru and en. Under /games the language segment of the path is
 * rewritten; the choice is saved either way.
 */
export function LanguageSwitcher({ languages: offered }: { languages?: readonly Language[] } = {}) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentLanguage();
  const languages = offered ?? switcherLanguages(pathname, LANGUAGES);

  const choose = (lng: Language) => {
    void setLanguage(lng);
    if (isGamesPath(pathname)) navigate(`${withGamesLanguage(pathname, lng)}${search}${hash}`, { replace: true });
  };

  return (
    <div role="group" aria-label={t('header.language')} className="language-switcher">
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          title={LANGUAGE_NAMES[lng]}
          aria-current={lng === current ? 'true' : undefined}
          className="language-switcher__button"
          onClick={() => choose(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
