import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '@/shared/auth/auth-store';
import { logout } from '@/shared/auth/logout';
import { useSupportUnreadCount } from '@/shared/api/get-support-unread-count';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { openInstead, useScreenOpener } from '@/shared/layout/screen-openers';
import { SignInIcon, signInIconName } from '@/shared/ui/sign-in-icon';
import { files, routes } from '@/shared/paths';
import { useDismiss } from './use-dismiss';
import './account-menu.css';

/**
 * The signed-in header part: the nickname and an avatar button that opens
 * the account menu: sign-in type with its icon, user id, settings (not clickable),
 * transactions, support (marked when there are unread messages) and logout.
 */
export function AccountMenu({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const unreadId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const unread = useSupportUnreadCount(true).data?.count ?? 0;
  // A running game of a postMessage project shows these in the modal: the game goes on.
  const openTransactions = useScreenOpener('transactions');
  const openSupport = useScreenOpener('support');
  const closeMenu = () => setOpen(false);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, rootRef, close);

  const onLogout = async () => {
    setOpen(false);
    await logout(queryClient);
    // On a game page (the catalogue's single game too) the player stays: the running game is
    // told (the spec's `logout` message, sent as the sign-in is forgotten) and goes on signed out.
    // Elsewhere the screen may need a player: back to the catalogue.
    if (!location.pathname.startsWith('/games/')) navigate(routes.catalogue.getHref(lng));
  };

  const authType = signInIconName(user.currentAuthType);
  return (
    <div className="account-menu" ref={rootRef}>
      <span className="account-menu__nick">{user.nickName}</span>
      <button
        type="button"
        className="account-menu__avatar"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.accountMenu')}
        aria-describedby={unread > 0 ? unreadId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={files.mainImage('profile')} alt="" width={32} height={32} />
        {unread > 0 ? <span className="account-menu__dot" aria-hidden="true" /> : null}
      </button>
      {unread > 0 ? (
        <span id={unreadId} className="visually-hidden">
          {unread} {t('header.unread')}
        </span>
      ) : null}
      {open ? (
        <div id={menuId} className="account-menu__panel" role="region" aria-label={t('header.accountMenu')}>
          <p className="account-menu__type">
            <SignInIcon type={authType} size={20} />
            <span>{t(`header.authTypes.${authType}`, { defaultValue: authType })}</span>
          </p>
          <p className="account-menu__id">
            {t('header.userId')}: <span>{user.userId}</span>
          </p>
          <ul>
            <li>
              <span className="account-menu__item account-menu__item--disabled" aria-disabled="true">
                {t('header.settings')}
              </span>
            </li>
            <li>
              <Link className="account-menu__item" to={routes.accountProfile.getHref()} onClick={() => setOpen(false)}>
                {t('header.profile')}
              </Link>
            </li>
            <li>
              <Link className="account-menu__item" to={routes.transactions.getHref()} onClick={openInstead(openTransactions, closeMenu)}>
                {t('header.transactions')}
              </Link>
            </li>
            <li>
              <Link className="account-menu__item" to={routes.supportTickets.getHref()} onClick={openInstead(openSupport, closeMenu)}>
                {t('header.support')}
                {unread > 0 ? (
                  <span className="account-menu__badge">
                    {unread}
                    <span className="visually-hidden"> {t('header.unread')}</span>
                  </span>
                ) : null}
              </Link>
            </li>
            <li>
              <button type="button" className="account-menu__item" onClick={() => void onLogout()}>
                {t('header.logout')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export default AccountMenu;
