import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffToken } from '../api/staff-session';
import { useStaffMe } from '../api/get-me';
import { areasOf, staffPaths } from '../staff-paths';
import { AuditPage } from './audit-page';
import { InboxPage } from './inbox-page';
import { ProjectsPage } from './projects-page';
import { SetPasswordPage } from './set-password-page';
import { SignInPage } from './sign-in-page';
import { StaffShell } from './staff-shell';
import { TeamPage } from './team-page';
import './staff.css';

/**
 * The set-password page (opened from an e-mailed link, signed out) at its own address; else
 * signed out: the sign-in form at any /staff address; signed in: the shell and its pages.
 */
export function StaffApp() {
  const token = useStaffToken();
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') === staffPaths.setPassword()) return <SetPasswordPage />;
  if (!token) return <SignInPage />;
  return (
    <StaffShell token={token}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="tickets/:id" element={<InboxPage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to={staffPaths.inbox()} replace />} />
      </Routes>
    </StaffShell>
  );
}

/** /staff: the inbox for those who answer tickets, else the first area the member's role opens. */
function HomePage() {
  const { t } = useTranslation();
  const me = useStaffMe(true);
  if (!me.data) return <p role="status">{t('common.loading')}</p>;
  const first = areasOf(me.data.role)[0];
  if (!first || first.key === 'inbox') return <InboxPage />;
  return <Navigate to={first.href} replace />;
}
