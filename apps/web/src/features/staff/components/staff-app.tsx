import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffToken } from '../api/staff-session';
import { useStaffMe } from '../api/get-me';
import { areasOf, staffPaths } from '../staff-paths';
import { InboxPage } from './inbox-page';
import { ProjectsPage } from './projects-page';
import { SignInPage } from './sign-in-page';
import { StaffShell } from './staff-shell';
import { TeamPage } from './team-page';
import './staff.css';

// The catalogue editor loads only when a catalogue address is opened.
const CatalogRoutes = lazy(() => import('../catalog/routes'));

/** Signed out: the sign-in form at any /staff address; signed in: the shell and its pages. */
export function StaffApp() {
  const token = useStaffToken();
  if (!token) return <SignInPage />;
  return (
    <StaffShell token={token}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="tickets/:id" element={<InboxPage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="catalog/*" element={<CatalogArea />} />
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

/** The catalogue for its editors and admins; anyone else is told they have no access. */
function CatalogArea() {
  const { t } = useTranslation();
  const me = useStaffMe(true);
  if (!me.data) return <p role="status">{t('common.loading')}</p>;
  if (me.data.role !== 'catalog' && me.data.role !== 'admin')
    return (
      <section className="staff-card">
        <h1>{t('staff.nav.catalog')}</h1>
        <p role="alert" className="staff-error">
          {t('staff.errors.forbidden')}
        </p>
      </section>
    );
  return (
    <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
      <CatalogRoutes />
    </Suspense>
  );
}
