import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PORTAL_LANGUAGES } from '@portal/contracts/languages';
import { useTranslation } from 'react-i18next';
import { files, routes } from '@/shared/paths';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { isFramed } from '@/shared/auth/host-message';
import { useSupportUnreadCount } from '@/shared/api/get-support-unread-count';
import { openInstead, useScreenOpener } from '@/shared/layout/screen-openers';
import { storage } from '@/shared/storage';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { GuestMenu } from './guest-menu';
import { LanguageSwitcher } from './language-switcher';
import { VARIANT_TITLE_KEYS, embedContextOf, isEmbedded, isLoaderOnlyPath, type EmbedContext } from './header-embed';
import './header.css';

// Only signed-in visitors load the account menu.
const AccountMenu = lazy(() => import('./account-menu'));
// Only screens embedded in a host need it (and the window-message schemas it brings): its own chunk.
const EmbeddedHeader = lazy(async () => ({ default: (await import('./header-embedded')).EmbeddedHeader }));

/**
 * The header: none on the loader-only pages, the service header (title, language picker,
 * close) when the screens run for a host game, else the portal's.
 */
export function Header() {
  const { pathname, search } = useLocation();
  const [framed] = useState(isFramed);
  if (isLoaderOnlyPath(pathname)) return null;
  const context = embedContextOf(pathname, search);
  if (isEmbedded(context, framed)) {
    return (
      <Suspense fallback={<EmbeddedHeaderShell context={context} />}>
        <EmbeddedHeader context={context} framed={framed} />
      </Suspense>
    );
  }
  return <PortalHeader />;
}

/**
 * The service header as it will look while its code loads (title, languages, the close button's
 * place), so the screen below does not move when it arrives.
 */
function EmbeddedHeaderShell({ context }: { context: EmbedContext }) {
  const { t } = useTranslation();
  return (
    <header className="site-header embedded-header" data-variant={context.variant}>
      <div className="site-header__inner">
        <p className="embedded-header__title">{t(VARIANT_TITLE_KEYS[context.variant])}</p>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <span className="embedded-header__close" aria-hidden="true" />
        </div>
      </div>
    </header>
  );
}

/**
 * The portal header: logo (to the catalogue), support entry, language switcher, and either
 * Guest + Login (signed out) or the nickname with the account menu (signed in).
 */
function PortalHeader() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const user = useStoredUser();
  const { pathname, search } = useLocation();
  const signedIn = user !== null;

  // The guest's Temp-User-Id: their tickets' unread count is asked for once it exists.
  const [guestMarker, setGuestMarker] = useState(() => storage.get(STORAGE_KEYS.tempUserId));

  // A marker while signed out, merged once signed in.
  useEffect(() => {
    void import('@/shared/auth/anonymous')
      .then(({ syncAnonymousMarker }) => syncAnonymousMarker(signedIn))
      .then(() => setGuestMarker(storage.get(STORAGE_KEYS.tempUserId)));
  }, [signedIn]);

  const onAuthScreen = pathname.startsWith('/session/') || pathname.startsWith('/auth/recovery');
  const loginState = onAuthScreen ? undefined : { from: `${pathname}${search}` };
  // A running game of a postMessage project opens the login in the modal: the game goes on.
  const openLogin = useScreenOpener('login');

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {/* Narrow screens hide the name beside the logo: the link keeps it as its name. */}
        <Link to={routes.catalogue.getHref(lng)} className="site-header__logo" aria-label={t('header.portalName')}>
          <img src={files.logo} alt="" width={36} height={36} />
          <span>{t('header.portalName')}</span>
        </Link>
        <nav aria-label={t('header.navigation')} className="site-header__nav">
          <SupportLink markUnread={!signedIn && guestMarker !== null} />
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher languages={PORTAL_LANGUAGES} />
          {user ? (
            <Suspense fallback={<span className="site-header__user">{user.nickName}</span>}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <>
              <GuestMenu loginState={loginState} onLogin={openInstead(openLogin)} />
              <Link
                to={routes.login.getHref()}
                state={loginState}
                className="button button--primary site-header__login"
                onClick={openInstead(openLogin)}
              >
                {t('header.login')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The support entry. Signed out, it carries the guest's unread mark (their tickets are
 * found by Temp-User-Id) the way the account menu marks it for players: a count badge whose
 * text is part of the link's name. Signed in, the account menu carries the mark.
 */
function SupportLink({ markUnread }: { markUnread: boolean }) {
  const { t } = useTranslation();
  const unread = useSupportUnreadCount(markUnread).data?.count ?? 0;
  const marked = markUnread && unread > 0;
  const openSupport = useScreenOpener('support');
  return (
    <Link to={routes.supportTickets.getHref()} className="site-header__link" onClick={openInstead(openSupport)}>
      <img src={files.mainImage('support')} alt="" width={20} height={20} />
      {t('header.support')}
      {marked ? (
        <span className="site-header__badge">
          {unread}
          <span className="visually-hidden"> {t('header.unread')}</span>
        </span>
      ) : null}
    </Link>
  );
}
