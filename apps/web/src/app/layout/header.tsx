import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { files, paths } from '@/shared/paths';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { LanguageSwitcher } from './language-switcher';
import './header.css';

/** The portal header: logo (to the catalogue), support entry, language switcher, login. */
export function Header() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const user = useStoredUser();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.catalogue(lng)} className="site-header__logo">
          <img src={files.logo} alt="" width={36} height={36} />
          <span>{t('header.portalName')}</span>
        </Link>
        <nav aria-label={t('header.navigation')} className="site-header__nav">
          <Link to={paths.supportTickets()} className="site-header__link">
            <img src={files.mainImage('support')} alt="" width={20} height={20} />
            {t('header.support')}
          </Link>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          {user ? (
            <span className="site-header__user">
              <img src={files.mainImage('profile')} alt="" width={28} height={28} />
              {user.nickName}
            </span>
          ) : (
            <Link to={paths.login()} className="button button--primary site-header__login">
              {t('header.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
