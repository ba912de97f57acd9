import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStaffMe } from '../api/get-me';
import { useStaffEvents } from '../api/staff-events';
import { staffKeys } from '../api/keys';
import { staffLogout } from '../api/logout';
import { areasOf, staffPaths } from '../staff-paths';
import { LanguageSelect } from './language-select';

/** The console frame: navigation by role, who is signed in, live-update state, sign out. */
export function StaffShell({ token, children }: { token: string; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useStaffMe(true);
  const live = useStaffEvents(token);
  const { pathname } = useLocation();
  const onInbox = pathname === staffPaths.inbox() || pathname.startsWith('/staff/tickets/');
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    void staffLogout().finally(() => queryClient.removeQueries({ queryKey: staffKeys.all }));
  };

  return (
    <div className="staff-shell">
      <a href="#staff-main" className="staff-skip-link">
        {t('common.skipToContent')}
      </a>
      <header className="staff-header">
        <span className="staff-header__brand">{t('staff.title')}</span>
        <nav aria-label={t('staff.nav.label')} className="staff-header__nav">
          {me.data &&
            areasOf(me.data.role).map((area) => {
              // The inbox stays marked on a ticket's address (/staff/tickets/...).
              const active = area.key === 'inbox' ? onInbox : pathname === area.href || pathname.startsWith(`${area.href}/`);
              return (
                <NavLink
                  key={area.key}
                  to={area.href}
                  end={area.key === 'inbox'}
                  className={active ? 'staff-header__link active' : 'staff-header__link'}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(`staff.nav.${area.key}`)}
                </NavLink>
              );
            })}
        </nav>
        <span className={`staff-live staff-live--${live}`} role="status">
          {t(`staff.live.${live}`)}
        </span>
        {me.data && (
          <span className="staff-header__who">
            {t('staff.nav.signedInAs', { email: me.data.email, role: t(`staff.roles.${me.data.role}`) })}
          </span>
        )}
        <LanguageSelect />
        <button type="button" className="staff-button" onClick={signOut} disabled={signingOut}>
          {t('staff.nav.signOut')}
        </button>
      </header>
      <main id="staff-main" className="staff-main">
        {children}
      </main>
    </div>
  );
}
