import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffToken } from '../api/staff-session';
import { useStaffMe } from '../api/get-me';
import { areasOf, staffPaths } from '../staff-paths';
import { InboxPage } from './inbox-page';
import { ProjectsPage } from './projects-page';
import { SignInPage } from './sign-in-page';
import { StaffShell } from './staff-shell';
import { TeamPage } from './team-page';
import { AuditPage } from './audit-page';
import { SetPasswordPage } from './set-password-page';
import './staff.css';

// The catalogue editor loads only when a catalogue address is opened.
const CatalogRoutes = lazy(() => import('../catalog/routes'));
// The money pages (and chart.js with them) load when a finance member opens one.
const PaymentsPage = lazy(async () => ({ default: (await import('../money/components/payments-page')).PaymentsPage }));
const PaymentPage = lazy(async () => ({ default: (await import('../money/components/payment-page')).PaymentPage }));
const RevenuePage = lazy(async () => ({ default: (await import('../money/components/revenue-page')).RevenuePage }));

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
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="tickets/:id" element={<InboxPage />} />
          <Route path="projects" element={<ProjectsPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="payments/:id" element={<PaymentPage />} />
          <Route path="revenue" element={<RevenuePage />} />
          <Route path="catalog/*" element={<CatalogArea />} />
          <Route path="*" element={<Navigate to={staffPaths.inbox()} replace />} />
        </Routes>
      </Suspense>
    </StaffShell>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <p role="status">{t('common.loading')}</p>;
}

/** /staff: the inbox for those who answer tickets, else the first area the member's role opens. */
function HomePage() {
  const me = useStaffMe(true);
  if (!me.data) return <Loading />;
  const first = areasOf(me.data.role)[0];
  if (!first || first.key === 'inbox') return <InboxPage />;
  return <Navigate to={first.href} replace />;
}

/** The catalogue for its editors and admins; anyone else is told they have no access. */
function CatalogArea() {
  const { t } = useTranslation();
  const me = useStaffMe(true);
  if (!me.data) return <Loading />;
  if (me.data.role !== 'catalog' && me.data.role !== 'admin')
    return (
      <section className="staff-card">
        <h1>{t('staff.nav.catalog')}</h1>
        <p role="alert" className="staff-error">
          {t('staff.errors.forbidden')}
        </p>
      </section>
    );
  return <CatalogRoutes />;
}
