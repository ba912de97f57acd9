import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { files, routes } from '@/shared/paths';
import { useDismiss } from './use-dismiss';
import './account-menu.css';

/**
 * The signed-out counterpart of the account menu: a Guest button that opens a panel saying
 * what signing in keeps, with the way to sign in. The header's Login button stays beside it.
 */
export function GuestMenu({
  loginState,
  onLogin,
}: {
  loginState: { from: string } | undefined;
  /** The Login link's click (a running game opens the login in its modal instead). */
  onLogin?: (event: { preventDefault(): void }) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, rootRef, close);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="site-header__user site-header__guest"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={files.mainImage('guest')} alt="" width={28} height={28} />
        {t('header.guest')}
      </button>
      {open ? (
        <div id={panelId} className="account-menu__panel" role="region" aria-label={t('header.guest')}>
          <p className="account-menu__type">{t('header.guestNote')}</p>
          <ul>
            <li>
              <Link
                className="account-menu__item"
                to={routes.login.getHref()}
                state={loginState}
                onClick={(event) => {
                  setOpen(false);
                  onLogin?.(event);
                }}
              >
                {t('header.login')}
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
